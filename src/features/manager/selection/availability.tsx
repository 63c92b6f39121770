/**
 * Who can play, on Team Selection: the players' answers for the chosen match (counts,
 * each player's answer and note, answers to confirm after a date change) and "Select the
 * available", which ticks the available players who are not suspended.
 */
import type { AvailabilityLine } from '../../../../api/data/availability';
import type { AvailabilityAnswer } from '../../../../db/schema';
import { useId, useState } from 'react';
import type { ToastKind } from '@/components/toast';
import { useApi } from '@/hooks/use-api';
import { plural } from '../../../../db/rules/words';
import { formatMatchDate } from '@/lib/format';
import { failureReason } from '@/lib/api-client';
import { ANSWER_ORDER, ANSWER_WORDS } from '@/lib/availability-words';
import { sendStaffWrite } from '@/lib/staff-api';

/** A player's line of GET /api/matches/{id}/availability, as the API builds it. */
export type AvailabilityRow = AvailabilityLine & { suspended: boolean };

export interface TeamAvailability {
  match_id: number;
  team_id: string;
  deadline: string;
  deadline_hours: number;
  counts: Record<AvailabilityAnswer | 'no_answer', number>;
  players: AvailabilityRow[];
}

export function useTeamAvailability(matchId: string, teamId: string) {
  return useApi<TeamAvailability>(
    matchId && teamId
      ? `/api/matches/${encodeURIComponent(matchId)}/availability?team_id=${encodeURIComponent(teamId)}`
      : null,
    // At the pitch side without signal the coach still sees the answers last loaded.
    { keepOffline: true },
  );
}

/** The available players who may play, in roster order. */
export function availablePlayers(data: TeamAvailability, order: readonly string[]): string[] {
  const available = new Set(
    data.players.filter((row) => row.answer === 'available' && !row.suspended).map((row) => row.player_id),
  );
  return order.filter((id) => available.has(id));
}

/** The choices of when answers close, in hours before kick-off. */
const DEADLINES: readonly [hours: number, label: string][] = [
  [0, 'At kick-off'],
  [12, '12 hours before'],
  [24, '24 hours before'],
  [48, '2 days before'],
  [72, '3 days before'],
  [168, 'A week before'],
];

export function AvailabilitySummary({
  data,
  onSelectAvailable,
  onDeadlineChanged,
  onMessage,
  disabled,
}: {
  data: TeamAvailability;
  onSelectAvailable(): void;
  /** After the team's deadline was changed: the answers are read again. */
  onDeadlineChanged(): void;
  onMessage(kind: ToastKind, message: string): void;
  disabled: boolean;
}) {
  const deadlineId = useId();
  const [saving, setSaving] = useState(false);
  const choices = DEADLINES.some(([hours]) => hours === data.deadline_hours)
    ? DEADLINES
    : [...DEADLINES, [data.deadline_hours, `${data.deadline_hours} hours before`] as const];
  const changeDeadline = async (hours: number) => {
    setSaving(true);
    try {
      await sendStaffWrite('PUT', `/api/teams/${encodeURIComponent(data.team_id)}/availability-settings`, {
        deadline_hours: hours,
      });
      onDeadlineChanged();
    } catch (error) {
      console.warn(error); // handled: the caller shows it
      onMessage('error', `Failed to change when answers close: ${failureReason(error)}`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="selection-availability" role="group" aria-label="Who can play">
      <div className="field selection-deadline">
        <label htmlFor={deadlineId}>Players answer until</label>
        <select
          id={deadlineId}
          value={data.deadline_hours}
          disabled={disabled || saving}
          onChange={(event) => void changeDeadline(Number(event.target.value))}
        >
          {choices.map(([hours, label]) => (
            <option key={hours} value={hours}>
              {label}
            </option>
          ))}
        </select>
        <span className="muted">For this match: {formatMatchDate(data.deadline)}</span>
      </div>
      <AnswerCounts counts={data.counts} />
      <div className="selection-availability-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={disabled || data.counts.available === 0}
          onClick={onSelectAvailable}
        >
          Select the available
        </button>
        <RemindButton data={data} disabled={disabled} onMessage={onMessage} />
      </div>
    </div>
  );
}

/** Each answer's count, then how many have not answered, as coloured chips. */
export function AnswerCounts({ counts }: { counts: TeamAvailability['counts'] }) {
  return (
    <p className="selection-availability-counts">
      {[...ANSWER_ORDER, 'no_answer' as const].map((kind) => (
        <span key={kind} className={`availability-chip availability-${kind}`}>
          {ANSWER_WORDS[kind]} {counts[kind]}
        </span>
      ))}
    </p>
  );
}

/** What POST /api/matches/{id}/availability/remind answers. */
interface Reminded {
  reminded: number;
  reminded_lately: number;
  without_account: number;
}

/** "Reminded 3 players. 2 players have no account: send them their answer link." */
export function remindedText(answer: Reminded): string {
  const said = [
    answer.reminded === 0 ? 'Nobody new to remind' : `Reminded ${plural(answer.reminded, 'player')}`,
  ];
  if (answer.reminded_lately > 0) {
    said.push(`${plural(answer.reminded_lately, 'player')} reminded in the last 12 hours or muted reminders`);
  }
  if (answer.without_account > 0) {
    const have = answer.without_account === 1 ? 'has' : 'have';
    said.push(`${plural(answer.without_account, 'player')} ${have} no account: send them their answer link`);
  }
  return `${said.join('. ')}.`;
}

/** Players who have not answered, or must confirm after a date change. */
export const waitingFor = (data: TeamAvailability) =>
  data.players.filter((row) => row.answer === null || row.stale).length;

/**
 * "Remind those who have not answered": in the app, by Web Push and by e-mail, each player
 * at most once every 12 hours. Gone once answers have closed (players can no longer answer).
 */
export function RemindButton({
  data,
  disabled,
  onMessage,
}: {
  data: TeamAvailability;
  disabled: boolean;
  onMessage(kind: ToastKind, message: string): void;
}) {
  const [sending, setSending] = useState(false);
  // When the screen was opened: whether answers had closed then (the server decides on each send).
  const [openedAt] = useState(() => Date.now());
  if (Date.parse(data.deadline) <= openedAt) return null;
  const remind = async () => {
    setSending(true);
    try {
      const answer = await sendStaffWrite<Reminded>(
        'POST',
        `/api/matches/${data.match_id}/availability/remind`,
        { team_id: data.team_id },
      );
      onMessage(answer.reminded > 0 ? 'success' : 'info', remindedText(answer));
    } catch (error) {
      console.warn(error); // handled: the caller shows it
      onMessage('error', `Failed to send reminders: ${failureReason(error)}`);
    } finally {
      setSending(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={disabled || sending || waitingFor(data) === 0}
      onClick={() => void remind()}
    >
      {sending ? 'Reminding…' : 'Remind those who have not answered'}
    </button>
  );
}

/** A player's answer beside their name: the answer, "to confirm" after a date change, the note. */
export function PlayerAnswer({ row }: { row: AvailabilityRow | undefined }) {
  const kind = row?.answer ?? 'no_answer';
  return (
    <span className="selection-answer">
      <span className={`availability-chip availability-${kind}`}>
        {ANSWER_WORDS[kind]}
        {row?.stale ? ' (date changed — to confirm)' : ''}
      </span>
      {row?.note ? <span className="selection-answer-note">“{row.note}”</span> : null}
    </span>
  );
}
