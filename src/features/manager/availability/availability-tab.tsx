/**
 * Availability: who can play in the team's next matches, match by match. For each: the
 * counts, then the names under each answer (with their notes and when they answered),
 * those who have not answered, answers to confirm after a date change, and players
 * suspended for the match; and "Remind those who have not answered". Readable offline:
 * each match's answers as last loaded on this device (use-api's keepOffline).
 */
import { useId, useState } from 'react';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useToast } from '@/components/toast';
import { useApi } from '@/hooks/use-api';
import type { Match } from '@/lib/api-types';
import { ANSWER_ORDER, ANSWER_WORDS } from '@/lib/availability-words';
import { formatMatchDate } from '@/lib/format';
import type { StoredUser } from '@/lib/storage';
import { matchTitle } from '../shared/match-labels';
import { useStaffTeams } from '../shared/staff-loads';
import { TeamCards } from '../shared/team-cards';
import {
  RemindButton,
  useTeamAvailability,
  type AvailabilityRow,
  type TeamAvailability,
} from '../selection/availability';
import '../shared/match-forms.css';
import '../selection/team-selection.css';
import './availability-tab.css';

/** How many upcoming matches the view shows. */
const SHOWN_MATCHES = 6;

export function AvailabilityTab({ user }: { user: StoredUser }) {
  const titleId = useId();
  const teams = useStaffTeams(user);
  const [chosenTeam, setChosenTeam] = useState('');
  // Staff with one team see it, chosen for them.
  const teamId = teams.chooses ? chosenTeam : (teams.ownTeam ?? '');
  // A public read: the worker keeps it for offline use.
  const matches = useApi<Match[]>(
    teamId ? `/api/matches?team_id=${encodeURIComponent(teamId)}&future=true` : null,
  );
  const upcoming = (matches.data ?? [])
    .filter((match) => match.approved === '')
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .slice(0, SHOWN_MATCHES);

  return (
    <section className="availability-view" aria-labelledby={titleId}>
      <header className="report-header">
        <h2 id={titleId}>Availability</h2>
        <p className="muted">Who can play in the next matches, from the players’ own answers.</p>
      </header>
      <TeamCards teams={teams} teamId={teamId} onChoose={setChosenTeam} />
      {teamId &&
        (matches.loading && !matches.data ? (
          <Loading label="Loading matches..." />
        ) : matches.error && !matches.data ? (
          <ErrorMessage onRetry={matches.reload}>Failed to load matches</ErrorMessage>
        ) : upcoming.length === 0 ? (
          <EmptyMessage>No upcoming matches</EmptyMessage>
        ) : (
          <ul className="availability-matches">
            {upcoming.map((match) => (
              <li key={match.id}>
                <MatchAnswers match={match} teamId={teamId} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

function MatchAnswers({ match, teamId }: { match: Match; teamId: string }) {
  const toast = useToast();
  const headingId = useId();
  const answers = useTeamAvailability(String(match.id), teamId);
  // When the tab was opened: the title's "today" and whether answers had closed.
  const [openedAt] = useState(() => Date.now());
  const title = matchTitle(match, teamId, new Date(openedAt));
  return (
    <article className="card availability-match" aria-labelledby={headingId}>
      <h3 id={headingId} className="availability-match-title">
        {title}
      </h3>
      {match.status === 'postponed' && <p className="report-note">Postponed: answers wait for a new date.</p>}
      {answers.loading && !answers.data ? (
        <Loading label="Loading answers..." />
      ) : answers.error && !answers.data ? (
        <ErrorMessage onRetry={answers.reload}>Failed to load the answers</ErrorMessage>
      ) : answers.data ? (
        <>
          <p className="muted availability-deadline">
            {Date.parse(answers.data.deadline) <= openedAt ? 'Answers closed' : 'Players answer until'}{' '}
            {formatMatchDate(answers.data.deadline)}
          </p>
          <AnswerGroups data={answers.data} />
          <RemindButton
            data={answers.data}
            disabled={match.status === 'postponed'}
            onMessage={(kind, message) => {
              toast(kind, message);
              answers.reload();
            }}
          />
        </>
      ) : null}
    </article>
  );
}

/**
 * The counts, then the players under each answer given (with their notes and when they
 * answered), and those who have not answered, as one wrapped list of names.
 */
function AnswerGroups({ data }: { data: TeamAvailability }) {
  const kinds = [...ANSWER_ORDER, 'no_answer'] as const;
  const answered = ANSWER_ORDER.map((kind) => ({
    kind,
    rows: data.players.filter((row) => row.answer === kind),
  })).filter((group) => group.rows.length > 0);
  const waiting = data.players.filter((row) => row.answer === null);
  return (
    <>
      <p className="selection-availability-counts">
        {kinds.map((kind) => (
          <span key={kind} className={`availability-chip availability-${kind}`}>
            {ANSWER_WORDS[kind]} {data.counts[kind]}
          </span>
        ))}
      </p>
      {answered.map(({ kind, rows }) => (
        <section
          key={kind}
          className="availability-group"
          aria-label={`${ANSWER_WORDS[kind]}: ${rows.length}`}
        >
          <h4 className="availability-group-title">{ANSWER_WORDS[kind]}</h4>
          <ul className="availability-names">
            {rows.map((row) => (
              <li key={row.player_id} className="availability-name">
                <span>
                  <span className="muted">#{row.number}</span> {row.name}
                  <PlayerFlags row={row} />
                </span>
                {row.note && <span className="availability-note">“{row.note}”</span>}
                {row.answered_at && (
                  <span className="muted availability-when">Answered {formatMatchDate(row.answered_at)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {waiting.length > 0 && (
        <section className="availability-group" aria-label={`${ANSWER_WORDS.no_answer}: ${waiting.length}`}>
          <h4 className="availability-group-title">{ANSWER_WORDS.no_answer}</h4>
          <ul className="availability-waiting">
            {waiting.map((row) => (
              <li key={row.player_id}>
                <span className="muted">#{row.number}</span> {row.name}
                <PlayerFlags row={row} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** What else the coach must know of a player for this match. */
function PlayerFlags({ row }: { row: AvailabilityRow }) {
  return (
    <>
      {row.suspended && <span className="availability-flag"> · Suspended</span>}
      {row.stale && <span className="availability-flag"> · Date changed — to confirm</span>}
    </>
  );
}
