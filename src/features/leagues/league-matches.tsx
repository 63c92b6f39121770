/** The Matches tab: the season's matches, upcoming then past (spec "League detail"). */
import { useId } from 'react';
import { MatchList } from '@/components/match-card';
import { useShownFirst } from '@/components/show-all';
import { EmptyMessage } from '@/components/status';
import type { Match } from '@/lib/api-types';
import { splitLeagueMatches } from '../../../api/domain/match-time';
import { seasonStatus, useSeasonAnswer } from './season-answer';

/** The spec allows either a bare array or `{ matches }`. */
type MatchesAnswer = Match[] | { matches?: Match[] | null };

/** Matches shown per section before 'Show all': the next few and the latest few. */
export const MATCHES_FIRST = 10;

function MatchSection({ title, matches, empty }: { title: string; matches: Match[]; empty: string }) {
  const headingId = useId();
  const { shown, more } = useShownFirst(matches, MATCHES_FIRST, 'matches');
  return (
    <section className="leagues-matches-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="leagues-section-title">
        {title}
      </h2>
      {matches.length === 0 ? (
        <EmptyMessage>{empty}</EmptyMessage>
      ) : (
        <>
          <MatchList matches={shown} className="leagues-match-list" />
          {more}
        </>
      )}
    </section>
  );
}

export function LeagueMatches({ leagueId, season }: { leagueId: string; season: string }) {
  const answer = useSeasonAnswer<MatchesAnswer>(leagueId, 'matches', season);
  const status = seasonStatus(answer, 'Loading matches...');
  if (status) return status;
  const { data } = answer;
  const matches = Array.isArray(data) ? data : (data?.matches ?? []);
  const { upcoming, past } = splitLeagueMatches(matches, new Date());
  return (
    <div className="leagues-matches">
      <MatchSection title="Upcoming Matches" matches={upcoming} empty="No upcoming matches" />
      <MatchSection title="Past Matches" matches={past} empty="No past matches" />
    </div>
  );
}
