/**
 * "My matches" on a player's home screen: their team's upcoming matches, each with three
 * buttons (Available, Maybe, Unavailable) and an optional note, until the team's answer
 * deadline. An answer made without a connection waits in the outbox and is sent once.
 * Nothing for a signed-in user who is no player.
 */
import { useId, useState } from 'react';
import type { PlayerMatch } from '../../../api/data/availability';
import type { AvailabilityAnswer } from '../../../db/schema';
import { ToastProvider, useToast } from '@/components/toast';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { failureReason } from '@/lib/api-client';
import { ANSWER_ORDER, ANSWER_WORDS } from '@/lib/availability-words';
import { formatMatchDate } from '@/lib/format';
import { SAVED_OFFLINE, submitStaffWrite } from '@/lib/page-outbox';

/** One of GET /api/me/matches's matches, as the API declares it. */
export type MyMatch = PlayerMatch;

interface MyMatches {
  player_id: string | null;
  matches: MyMatch[];
}

const NOTE_MAX = 200;

/** "v Riverside Rovers" at home, "at Riverside Rovers" away. */
function opponentLine(match: MyMatch): string {
  return match.home_team === match.team_id ? `v ${match.away_team_name}` : `at ${match.home_team_name}`;
}

export function MyMatches() {
  return (
    <ToastProvider>
      <MyMatchList />
    </ToastProvider>
  );
}

function MyMatchList() {
  const { data, error, loading, reload } = useApi<MyMatches>('/api/me/matches');
  if (loading && !data) return <Loading label="Loading your matches..." />;
  if (error && !data) return <ErrorMessage onRetry={reload}>Failed to load your matches</ErrorMessage>;
  if (!data?.player_id) return null;
  return (
    <section className="my-matches" aria-labelledby="my-matches-title">
      <h2 id="my-matches-title" className="main-section-title">
        My matches
      </h2>
      {data.matches.length === 0 ? (
        <EmptyMessage>No upcoming matches to answer for</EmptyMessage>
      ) : (
        <ul className="my-matches-list">
          {data.matches.map((match) => (
            <li key={match.match_id}>
              <MyMatchCard match={match} playerId={data.player_id ?? ''} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyMatchCard({ match, playerId }: { match: MyMatch; playerId: string }) {
  const toast = useToast();
  const noteId = useId();
  const [answer, setAnswer] = useState<AvailabilityAnswer | null>(match.answer);
  const [note, setNote] = useState(match.note);
  const [stale, setStale] = useState(match.stale);
  const [sending, setSending] = useState(false);
  // Whether answers had closed when the list was loaded (the server decides on each answer).
  const [closed] = useState(() => Date.parse(match.deadline) <= Date.now());
  const postponed = match.status === 'postponed';

  const send = async (value: AvailabilityAnswer) => {
    setSending(true);
    try {
      const result = await submitStaffWrite({
        kind: 'availability',
        method: 'PUT',
        path: `/api/matches/${match.match_id}/availability/${encodeURIComponent(playerId)}`,
        body: { answer: value, note: note.trim() },
        label: `${ANSWER_WORDS[value]} · ${formatMatchDate(match.match_date)} ${opponentLine(match)}`,
      });
      setAnswer(value);
      setStale(false);
      toast(result.queued ? 'info' : 'success', result.queued ? SAVED_OFFLINE : 'Answer saved');
    } catch (error) {
      console.warn(error); // handled: the toast shows it
      toast('error', `Failed to save your answer: ${failureReason(error)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <article
      className="card my-match"
      aria-label={`${formatMatchDate(match.match_date)} ${opponentLine(match)}`}
    >
      <p className="my-match-when">
        <strong>{formatMatchDate(match.match_date)}</strong> {opponentLine(match)}
      </p>
      {match.location && <p className="muted my-match-where">{match.location}</p>}
      {postponed ? (
        <p className="my-match-flag">Postponed: answer once it has a new date</p>
      ) : stale ? (
        <p className="my-match-flag">Date changed — please confirm</p>
      ) : null}
      <div className="my-match-answers" role="group" aria-label="Can you play?">
        {ANSWER_ORDER.map((value) => (
          <button
            key={value}
            type="button"
            className={`button my-match-answer my-match-${value}`}
            aria-pressed={answer === value}
            disabled={sending || closed || postponed}
            onClick={() => void send(value)}
          >
            {ANSWER_WORDS[value]}
          </button>
        ))}
      </div>
      {closed ? (
        <p className="muted my-match-deadline">Answers have closed — tell your coach</p>
      ) : (
        <>
          <label htmlFor={noteId} className="my-match-note-label">
            Note for your coach (optional)
          </label>
          <input
            id={noteId}
            className="my-match-note"
            value={note}
            maxLength={NOTE_MAX}
            disabled={postponed}
            onChange={(event) => setNote(event.target.value)}
            placeholder="e.g. Back from work at 2"
          />
          <p className="muted my-match-deadline">Answer by {formatMatchDate(match.deadline)}</p>
        </>
      )}
    </article>
  );
}
