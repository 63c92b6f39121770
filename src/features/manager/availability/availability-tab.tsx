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
import { failureReason } from '@/lib/api-client';
import { SAVED_OFFLINE, submitStaffWrite } from '@/lib/page-outbox';
import type { StoredUser } from '@/lib/storage';
import type { AvailabilityAnswer } from '../../../../db/schema';
import { matchTitle } from '../shared/match-labels';
import { useStaffTeams } from '../shared/staff-loads';
import { TeamCards } from '../shared/team-cards';
import {
  AnswerCounts,
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
          {match.status !== 'postponed' && (
            <AnswerForPlayer data={answers.data} title={title} onAnswered={answers.reload} />
          )}
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
  const answered = ANSWER_ORDER.map((kind) => ({
    kind,
    rows: data.players.filter((row) => row.answer === kind),
  })).filter((group) => group.rows.length > 0);
  const waiting = data.players.filter((row) => row.answer === null);
  return (
    <>
      <AnswerCounts counts={data.counts} />
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

/**
 * Staff answer for a player (told at training, by text): until kick-off, after the
 * players' deadline too. Without a connection the answer waits in the outbox.
 */
function AnswerForPlayer({
  data,
  title,
  onAnswered,
}: {
  data: TeamAvailability;
  title: string;
  onAnswered(): void;
}) {
  const toast = useToast();
  const playerId = useId();
  const answerId = useId();
  const [player, setPlayer] = useState('');
  const [answer, setAnswer] = useState<AvailabilityAnswer>('available');
  const [sending, setSending] = useState(false);
  const chosen = data.players.find((row) => row.player_id === player);
  const send = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      const result = await submitStaffWrite({
        kind: 'availability',
        method: 'PUT',
        path: `/api/matches/${data.match_id}/availability/${encodeURIComponent(chosen.player_id)}`,
        body: { answer },
        label: `${chosen.name}: ${ANSWER_WORDS[answer]} · ${title}`,
      });
      toast(
        result.queued ? 'info' : 'success',
        result.queued ? SAVED_OFFLINE : `${chosen.name}: ${ANSWER_WORDS[answer]}`,
      );
      setPlayer('');
      if (!result.queued) onAnswered();
    } catch (error) {
      console.warn(error); // handled: the toast shows it
      toast('error', `Failed to save the answer: ${failureReason(error)}`);
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="availability-answer-for"
      aria-label="Answer for a player"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="field">
        <label htmlFor={playerId}>Answer for a player</label>
        <select id={playerId} value={player} onChange={(event) => setPlayer(event.target.value)}>
          <option value="">Choose a player</option>
          {data.players.map((row) => (
            <option key={row.player_id} value={row.player_id}>
              #{row.number} {row.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={answerId}>Answer</label>
        <select
          id={answerId}
          value={answer}
          onChange={(event) => setAnswer(event.target.value as AvailabilityAnswer)}
        >
          {ANSWER_ORDER.map((kind) => (
            <option key={kind} value={kind}>
              {ANSWER_WORDS[kind]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary" disabled={!chosen || sending}>
        Save answer
      </button>
    </form>
  );
}
