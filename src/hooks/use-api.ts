/**
 * Loads JSON for a screen: loading, error and data states, a reload, and an
 * AbortController that cancels the request when the path changes or the screen
 * goes away (a season change cancels the request still in flight).
 *
 * Offline: an answer the worker served from its store is shown at once and
 * reported to the shell ('Last updated …'); when the worker learns the server has
 * newer data the screen loads it again in place, and when it confirms the stored
 * answer the mark goes.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { apiRead, forgetCachedResponse, isAbort } from '@/lib/api-client';
import { showCachedAnswer } from '@/lib/offline/freshness';
import { concerns, onReadEvent } from '@/lib/offline/read-events';

export interface ApiState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
  /** When the shown answer was stored, if it came from the offline store unconfirmed. */
  cachedAt: number | null;
}

interface Settled<T> {
  path: string;
  generation: number;
  data?: T;
  error?: Error;
  cachedAt: number | null;
}

export function useApi<T>(path: string | null, options: { cache?: boolean } = {}): ApiState<T> {
  // Only settled answers are state; "loading" is derived: the answer is for another
  // path or an older reload.
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  // A reload asked for by the worker (fresher data) is quiet: the screen stays as it
  // is until the new answer arrives, so the update happens in place.
  const [load, setLoad] = useState({ generation: 0, quiet: false });
  const generation = load.generation;
  const cache = options.cache ?? false;
  const id = useId();
  const owner = useMemo(() => Symbol(id), [id]);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    apiRead<T>(path, { signal: controller.signal, cache: cache && generation === 0 }).then(
      ({ data, cachedAt }) => setSettled({ path, generation, data, cachedAt }),
      (error: unknown) => {
        if (isAbort(error)) return;
        console.warn(error); // handled: the screen shows the error; logged for support
        setSettled({
          path,
          generation,
          error: error instanceof Error ? error : new Error(String(error)),
          cachedAt: null,
        });
      },
    );
    return () => controller.abort();
  }, [path, generation, cache]);

  const reload = useCallback(
    () => setLoad((current) => ({ generation: current.generation + 1, quiet: false })),
    [],
  );

  useEffect(() => {
    if (path === null) return;
    return onReadEvent((event) => {
      if (!concerns(event, path)) return;
      if (event.type === 'read-updated') {
        forgetCachedResponse(path);
        setLoad((current) => ({ generation: current.generation + 1, quiet: true }));
      } else {
        setSettled((current) => (current?.path === path ? { ...current, cachedAt: null } : current));
      }
    });
  }, [path]);

  const shownCachedAt =
    path !== null && settled?.path === path && settled.data !== undefined ? settled.cachedAt : null;
  useEffect(() => {
    showCachedAnswer(owner, shownCachedAt);
  }, [owner, shownCachedAt]);
  useEffect(() => () => showCachedAnswer(owner, null), [owner]);

  if (path === null) return { data: undefined, error: undefined, loading: false, reload, cachedAt: null };
  const samePath = settled?.path === path;
  const fresh = samePath && settled.generation === generation;
  return {
    // A reload keeps showing the data it replaces; another path never shows old data.
    data: samePath ? settled.data : undefined,
    error: fresh ? settled.error : undefined,
    loading: !fresh && !(load.quiet && samePath && settled.data !== undefined),
    reload,
    cachedAt: shownCachedAt,
  };
}
