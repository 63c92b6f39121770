/** Matches tab: the season's upcoming and past matches of the team, as match cards. */
import { MatchList } from '@/components/match-card';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { ApiError } from '@/lib/api-client';
import type { Match } from '@/lib/api-types';
import { splitTeamMatches } from '../../../api/domain/match-time';
import { teamApi } from './team-ids';

/** Spec section 8: 'Failed to fetch data: {body}', or the status when the answer had no body. */
function failureText(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  const body = error.bodyText();
  return body ? `Failed to fetch data: ${body}` : `Failed to fetch matches: ${error.status}`;
}

export function MatchesTab({ teamId, season }: { teamId: string; season: string }) {
  // A new season is a new path: useApi cancels the request still in flight.
  const matches = useApi<{ matches: Match[] }>(
    teamApi(teamId, `/matches?season=${encodeURIComponent(season)}`),
  );
  if (matches.loading) return <Loading label="Loading matches..." />;
  if (matches.error || !matches.data) {
    const message = matches.error ? failureText(matches.error) : 'No data received from API';
    return <ErrorMessage onRetry={matches.reload}>{`Error loading matches: ${message}`}</ErrorMessage>;
  }
  const { upcoming, past } = splitTeamMatches(matches.data.matches, new Date());
  if (upcoming.length === 0 && past.length === 0) return <EmptyMessage>No matches found</EmptyMessage>;
  return (
    <div className="team-matches">
      {upcoming.length > 0 && <MatchSection id="team-upcoming" title="Upcoming Matches" matches={upcoming} />}
      {past.length > 0 && <MatchSection id="team-past" title="Past Matches" matches={past} />}
    </div>
  );
}

function MatchSection({ id, title, matches }: { id: string; title: string; matches: Match[] }) {
  return (
    <section className="team-match-section" aria-labelledby={id}>
      <h2 id={id} className="team-section-title">
        {title}
      </h2>
      <MatchList matches={matches} className="team-match-list" />
    </section>
  );
}
