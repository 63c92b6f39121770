/** Loading, error and empty states, the same on every screen. */
import type { ReactNode } from 'react';

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="status status-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="status status-error" role="alert">
      <span>{children}</span>
      {onRetry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyMessage({ children }: { children: ReactNode }) {
  return <p className="status status-empty">{children}</p>;
}

/**
 * What a list shows instead of its rows while they load, when they failed (with a retry),
 * or when there are none; null once there are rows to show.
 */
export function listStatus(
  state: { loading: boolean; error: unknown; reload: () => void },
  rows: number,
  words: { loading: string; failure: string; empty: string },
): ReactNode | null {
  if (state.loading) return <Loading label={words.loading} />;
  if (state.error) return <ErrorMessage onRetry={state.reload}>{words.failure}</ErrorMessage>;
  if (rows === 0) return <EmptyMessage>{words.empty}</EmptyMessage>;
  return null;
}
