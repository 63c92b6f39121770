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
