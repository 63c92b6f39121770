/**
 * Long lists start with their first rows and a button that shows the rest. A league's
 * leaderboard or season of matches runs to a hundred rows or more: all of them on first
 * load made a phone parse, lay out and hydrate five times the page it shows on screen.
 */
import { useState, type ReactNode } from 'react';

/** The rows to show now, and the button that shows them all (null once there is nothing more). */
export function useShownFirst<T>(
  items: readonly T[],
  limit: number,
  noun: string,
): { shown: readonly T[]; more: ReactNode } {
  const [all, setAll] = useState(false);
  if (all || items.length <= limit) return { shown: items, more: null };
  return {
    shown: items.slice(0, limit),
    more: (
      <div className="show-all">
        <button type="button" className="button button-secondary" onClick={() => setAll(true)}>
          Show all {items.length} {noun}
        </button>
      </div>
    ),
  };
}
