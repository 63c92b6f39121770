/**
 * The match dropdown of the Match Report and Team Selection tabs, with its load states:
 * 'Failed to load matches. Please try again later.', loading, the tab's empty text, or
 * a FittedSelect whose closed face shows the chosen match's whole label. The options
 * (plain or grouped) are the caller's.
 */
import type { ReactNode } from 'react';
import { FittedSelect } from '@/components/fitted-select';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import type { Match } from '@/lib/api-types';

export function MatchPicker({
  id,
  matches,
  offered,
  empty,
  value,
  label,
  onChoose,
  children,
}: {
  id: string;
  /** The load of the team's matches. */
  matches: { data?: unknown; error?: Error; reload: () => void };
  /** The matches the tab offers, once loaded. */
  offered: readonly Match[];
  empty: string;
  value: string;
  /** An offered match's label. */
  label: (match: Match) => string;
  onChoose: (matchId: string) => void;
  children: ReactNode;
}) {
  if (matches.error)
    return (
      <ErrorMessage onRetry={matches.reload}>Failed to load matches. Please try again later.</ErrorMessage>
    );
  if (!matches.data) return <Loading label="Loading matches..." />;
  if (offered.length === 0) return <EmptyMessage>{empty}</EmptyMessage>;
  const chosen = offered.find((match) => String(match.id) === value);
  return (
    <div className="field">
      <label htmlFor={id}>Match</label>
      <FittedSelect
        id={id}
        value={value}
        onChange={(event) => onChoose(event.target.value)}
        face={chosen ? label(chosen) : 'Select a match'}
      >
        <option value="">Select a match</option>
        {children}
      </FittedSelect>
    </div>
  );
}
