/**
 * What every section of the Leagues tab shares: the one way a write is sent (bearer
 * token and Idempotency-Key, then the memory cache forgotten, a toast, and the
 * server's reason kept for the form), the reason shown beside the form, a load's
 * loading and error states, and the API's paths.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { ErrorMessage, Loading } from '@/components/status';
import { useToast } from '@/components/toast';
import type { ApiState } from '@/hooks/use-api';
import { ApiError, clearResponseCache } from '@/lib/api-client';
import { sendStaffWrite } from '@/lib/staff-api';

export const leaguePath = (leagueId: string, rest = '') =>
  `/api/leagues/${encodeURIComponent(leagueId)}${rest}`;

export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface WriteMessages<T> {
  /** The success toast; none when left out (a preview changes nothing). */
  success?: string | ((value: T) => string);
  failure: string;
}

export interface Write {
  send<T>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    messages: WriteMessages<T>,
  ): Promise<WriteResult<T>>;
  /** A write is on its way: its buttons are off. */
  pending: boolean;
  /** The server's reason for the last failure ('' when none, or none given). */
  failure: string;
  clearFailure(): void;
}

export function useWrite(): Write {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  const send = useCallback(
    async <T,>(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body: unknown,
      messages: WriteMessages<T>,
    ): Promise<WriteResult<T>> => {
      setPending(true);
      setFailure('');
      try {
        const value = await sendStaffWrite<T>(method, path, body);
        clearResponseCache(); // public screens cache leagues, tables and fixtures in memory
        const { success } = messages;
        if (success) toast('success', typeof success === 'function' ? success(value) : success);
        return { ok: true, value };
      } catch (error) {
        console.warn(error);
        toast('error', messages.failure);
        setFailure(error instanceof ApiError ? error.detailText('') : '');
        return { ok: false, error };
      } finally {
        setPending(false);
      }
    },
    [toast],
  );
  const clearFailure = useCallback(() => setFailure(''), []);
  return { send, pending, failure, clearFailure };
}

/** The server refused because of the data's state (409), e.g. a season that has matches. */
export function isConflict(result: WriteResult<unknown>): boolean {
  return !result.ok && result.error instanceof ApiError && result.error.status === 409;
}

/** The server's reason for a refused write, next to the form or row it concerns. */
export function WriteFailure({ failure }: { failure: string }) {
  if (!failure) return null;
  return (
    <p className="manager-inline-error" role="alert">
      {failure}
    </p>
  );
}

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
