/**
 * Who can play, on Team Selection: the players' answers for the chosen match (counts,
 * each player's answer and note, answers to confirm after a date change) and "Select the
 * available", which ticks the available players who are not suspended.
 */
import type { AvailabilityLine } from '../../../../api/data/availability';
import type { AvailabilityAnswer } from '../../../../db/schema';
import { useApi } from '@/hooks/use-api';

/** A player's line of GET /api/matches/{id}/availability, as the API builds it. */
export type AvailabilityRow = AvailabilityLine & { suspended: boolean };

export interface TeamAvailability {
  match_id: number;
  team_id: string;
  deadline: string;
  counts: Record<AvailabilityAnswer | 'no_answer', number>;
  players: AvailabilityRow[];
}

const ANSWER_WORDS: Record<AvailabilityAnswer | 'no_answer', string> = {
  available: 'Available',
  maybe: 'Maybe',
  unavailable: 'Unavailable',
  no_answer: 'No answer',
};

export function useTeamAvailability(matchId: string, teamId: string) {
  return useApi<TeamAvailability>(
    matchId && teamId
      ? `/api/matches/${encodeURIComponent(matchId)}/availability?team_id=${encodeURIComponent(teamId)}`
      : null,
  );
}

/** The available players who may play, in roster order. */
export function availablePlayers(data: TeamAvailability, order: readonly string[]): string[] {
  const available = new Set(
    data.players.filter((row) => row.answer === 'available' && !row.suspended).map((row) => row.player_id),
  );
  return order.filter((id) => available.has(id));
}

export function AvailabilitySummary({
  data,
  onSelectAvailable,
  disabled,
}: {
  data: TeamAvailability;
  onSelectAvailable(): void;
  disabled: boolean;
}) {
  const kinds = ['available', 'maybe', 'unavailable', 'no_answer'] as const;
  return (
    <div className="selection-availability" role="group" aria-label="Who can play">
      <p className="selection-availability-counts">
        {kinds.map((kind) => (
          <span key={kind} className={`availability-chip availability-${kind}`}>
            {ANSWER_WORDS[kind]} {data.counts[kind]}
          </span>
        ))}
      </p>
      <button
        type="button"
        className="button button-secondary"
        disabled={disabled || data.counts.available === 0}
        onClick={onSelectAvailable}
      >
        Select the available
      </button>
    </div>
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
