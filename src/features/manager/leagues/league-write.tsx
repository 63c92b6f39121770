/**
 * What every section of the Leagues tab shares: a load's loading and error states, a
 * section's card, a removable row, and the API's paths. Writes go through useWrite.
 */
import type { ReactNode } from 'react';
import { ErrorMessage, Loading } from '@/components/status';
import type { ApiState } from '@/hooks/use-api';
import { useWrite, type WriteMessages } from '../shared/staff-write';
import { WriteFailure } from '../team-management/form-parts';

export const leaguePath = (leagueId: string, rest = '') =>
  `/api/leagues/${encodeURIComponent(leagueId)}${rest}`;

/** A section's load: its spinner, its error with 'Try again', else its content. */
export function Loaded<T>({
  state,
  label,
  failure,
  children,
}: {
  state: ApiState<T>;
  label: string;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (state.error) return <ErrorMessage onRetry={state.reload}>{failure}</ErrorMessage>;
  // A reload keeps showing what it replaces.
  if (state.data !== undefined) return children(state.data);
  return <Loading label={label} />;
}

/** A section of the chosen league: a card with its heading. */
export function LeagueSection({
  id,
  title,
  wide = false,
  action,
  children,
}: {
  id: string;
  title: string;
  /** Across both columns on a wide screen (long lists). */
  wide?: boolean;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className={wide ? 'card leagues-section leagues-section-wide' : 'card leagues-section'}
      aria-labelledby={`${id}-title`}
    >
      <div className="leagues-section-head">
        <h3 id={`${id}-title`} className="leagues-section-title">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * A row of a list with a Remove button: asks first, sends the DELETE, then tells the
 * list; the server's reason for a refusal stays in the row.
 */
export function RemovableRow({
  path,
  confirm,
  removeLabel,
  messages,
  onRemoved,
  children,
}: {
  path: string;
  /** The question asked before removing. */
  confirm: string;
  /** The Remove button's accessible name. */
  removeLabel: string;
  messages: WriteMessages<unknown>;
  onRemoved: () => void;
  children: ReactNode;
}) {
  const write = useWrite();
  const remove = async () => {
    if (!window.confirm(confirm)) return;
    const result = await write.send('DELETE', path, undefined, messages);
    if (result.ok) onRemoved();
  };
  return (
    <li className="leagues-row">
      <span className="leagues-row-main">{children}</span>
      <span className="leagues-row-actions">
        <button
          type="button"
          className="button button-secondary manager-small-button manager-button-danger"
          aria-label={removeLabel}
          disabled={write.pending}
          onClick={() => void remove()}
        >
          Remove
        </button>
      </span>
      <WriteFailure failure={write.failure} />
    </li>
  );
}
