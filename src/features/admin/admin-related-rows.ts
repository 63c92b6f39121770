/**
 * The rows foreign-key dropdowns offer: every page of the related table, up to a cap
 * so a huge table cannot stall the editor. Loaded when a form first needs them and
 * kept until a write to that table makes them stale.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiJson, isAbort } from '@/lib/api-client';
import { cellText, INVALID_FORMAT, parsePage, rowLabel, tablePath, type Row } from './admin-data';

/** 20 pages of 25 rows: 500 choices is already more than a dropdown serves well. */
export const MAX_RELATED_PAGES = 20;

export interface Choice {
  value: string;
  text: string;
}

export type RelatedRows =
  | { status: 'loading' }
  | { status: 'ready'; rows: Row[]; truncated: boolean }
  | { status: 'error'; error: unknown };

async function loadPage(table: string, page: number, signal: AbortSignal) {
  const parsed = parsePage(await apiJson<unknown>(`${tablePath(table)}/data?page=${page}`, { signal }));
  if (!parsed) throw new Error(INVALID_FORMAT);
  return parsed;
}

async function loadAll(table: string, signal: AbortSignal): Promise<{ rows: Row[]; truncated: boolean }> {
  const first = await loadPage(table, 1, signal);
  const last = Math.min(first.totalPages, MAX_RELATED_PAGES);
  const rest = await Promise.all(
    Array.from({ length: last - 1 }, (_, index) => loadPage(table, index + 2, signal)),
  );
  return {
    rows: [first, ...rest].flatMap((page) => page.rows),
    truncated: first.totalPages > MAX_RELATED_PAGES,
  };
}

export function useRelatedRows() {
  const [entries, setEntries] = useState<ReadonlyMap<string, RelatedRows>>(new Map());
  // Which tables have a load started, read in callbacks (state may lag a render behind).
  const started = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const loads = started.current;
    return () => loads.forEach((controller) => controller.abort());
  }, []);

  const set = useCallback((table: string, entry: RelatedRows | null) => {
    setEntries((current) => {
      const next = new Map(current);
      if (entry) next.set(table, entry);
      else next.delete(table);
      return next;
    });
  }, []);

  /** Starts loading the tables not loaded or loading yet. */
  const request = useCallback(
    (tables: readonly string[]) => {
      for (const table of new Set(tables)) {
        if (started.current.has(table)) continue;
        const controller = new AbortController();
        started.current.set(table, controller);
        set(table, { status: 'loading' });
        loadAll(table, controller.signal).then(
          (loaded) => {
            if (started.current.get(table) === controller) set(table, { status: 'ready', ...loaded });
          },
          (error: unknown) => {
            if (isAbort(error) || started.current.get(table) !== controller) return;
            console.warn(error); // handled: the form shows the failure
            // Forget the failed load so the next form opening tries again.
            started.current.delete(table);
            set(table, { status: 'error', error });
          },
        );
      }
    },
    [set],
  );

  /** A write to `table` changed its rows: the next form loads them again. */
  const invalidate = useCallback(
    (table: string) => {
      started.current.get(table)?.abort();
      if (started.current.delete(table)) set(table, null);
    },
    [set],
  );

  return { entries, request, invalidate };
}

/**
 * The dropdown's choices: key plus readable label ("north.town — North Town"). The
 * current value stays a choice even when it is not among the loaded rows (past the
 * cap, or a dangling reference), so opening a form never changes a value by itself.
 */
export function choicesFor(
  related: RelatedRows | undefined,
  foreignColumn: string,
  current: string,
): Choice[] {
  const choices: Choice[] = [];
  const seen = new Set<string>();
  if (related?.status === 'ready') {
    for (const row of related.rows) {
      const value = cellText(row[foreignColumn]);
      if (value === '' || seen.has(value)) continue;
      seen.add(value);
      const label = rowLabel(row);
      choices.push({ value, text: label && label !== value ? `${value} — ${label}` : value });
    }
  }
  if (current !== '' && !seen.has(current)) choices.unshift({ value: current, text: current });
  return choices;
}
