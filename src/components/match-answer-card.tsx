/**
 * One upcoming match with its three answers (Available, Maybe, Unavailable) and an
 * optional note for the coach, until the team's answer deadline: on a player's "My
 * matches" and on the page their personal link opens. How an answer is sent is the
 * caller's (the outbox when signed in, the link's token without an account).
 */
import { useId, useState } from 'react';
import type { PlayerMatch } from '../../api/data/availability';
import type { AvailabilityAnswer } from '../../db/schema';
import { useToast } from '@/components/toast';
import { failureReason } from '@/lib/api-client';
import { ANSWER_ORDER, ANSWER_WORDS } from '@/lib/availability-words';
import { formatMatchDate } from '@/lib/format';
import { SAVED_OFFLINE } from '@/lib/page-outbox';
import './match-answer-card.css';

/** The longest note the API takes. */
const NOTE_MAX = 200;

/** "v Riverside Rovers" at home, "at Riverside Rovers" away. */
export function opponentLine(match: PlayerMatch): string {
  return match.home_team === match.team_id ? `v ${match.away_team_name}` : `at ${match.home_team_name}`;
}

/** "Available · Sat 20 Jun, 2:00 PM v South City": how an answer is named in the outbox. */
export function answerLabel(match: PlayerMatch, answer: AvailabilityAnswer): string {
  return `${ANSWER_WORDS[answer]} · ${formatMatchDate(match.match_date)} ${opponentLine(match)}`;
}

/** Sends an answer; `queued` when it waits for a connection. */
export type SendAnswer = (
  match: PlayerMatch,
  answer: AvailabilityAnswer,
  note: string,
) => Promise<{ queued: boolean }>;

export function MatchAnswerList({ matches, send }: { matches: PlayerMatch[]; send: SendAnswer }) {
  return (
    <ul className="my-matches-list">
      {matches.map((match) => (
        <li key={match.match_id}>
          <MatchAnswerCard match={match} send={send} />
        </li>
      ))}
    </ul>
  );
}

function MatchAnswerCard({ match, send }: { match: PlayerMatch; send: SendAnswer }) {
  const toast = useToast();
  const noteId = useId();
  const [answer, setAnswer] = useState<AvailabilityAnswer | null>(match.answer);
  const [note, setNote] = useState(match.note);
  const [stale, setStale] = useState(match.stale);
  const [sending, setSending] = useState(false);
  // Whether answers had closed when the list was loaded (the server decides on each answer).
  const [closed] = useState(() => Date.parse(match.deadline) <= Date.now());
  const postponed = match.status === 'postponed';

  const answerWith = async (value: AvailabilityAnswer) => {
    setSending(true);
    try {
      const { queued } = await send(match, value, note.trim());
      setAnswer(value);
      setStale(false);
      toast(queued ? 'info' : 'success', queued ? SAVED_OFFLINE : 'Answer saved');
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
            onClick={() => void answerWith(value)}
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
