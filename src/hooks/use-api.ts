/**
 * Loads JSON for a screen: loading, error and data states, a reload, and an
 * AbortController that cancels the request when the path changes or the screen
 * goes away (a season change cancels the request still in flight).
 *
 * Offline: an answer the worker served from its store is shown at once and
 * reported to the shell ('Last updated …'); when the worker learns the server has
 * newer data the screen loads it again in place, and when it confirms the stored
 * answer the mark goes.
 *
 * Options: `delayMs` waits before each load, so a key that changes within it sends
 * nothing (the management screens' 300 ms pause); `load` replaces the one GET of the
 * path with any loader of that key (several requests combined). Such a load bypasses
 * the memory cache and the offline marks, which follow single paths.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { apiRead, forgetCachedResponse, isAbort, isNetworkFailure, type ApiRead } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { showCachedAnswer } from '@/lib/freshness';
import { concerns, onReadEvent } from '@/offline/read-events';
import { useServerAnswer } from '@/lib/server-answers';

export interface ApiState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
  /** When the shown answer was stored, if it came from the offline store unconfirmed. */
  cachedAt: number | null;
}

export interface ApiOptions<T> {
  /** Serve the first load from the 5-minute memory cache (path loads only). */
  cache?: boolean;
  /** Wait this long before every load; leaving or changing the key within it sends nothing. */
  delayMs?: number;
  /**
   * Loads `path` as a key instead of GETting it. Must be a module-level function:
   * only the key says when to load again.
   */
  load?: (key: string, signal: AbortSignal) => Promise<T>;
  /**
   * A signed-in read of the team's own: its last answer is kept on this device for the
   * account, and shown (as of when it was loaded) when the server cannot be reached.
   */
  keepOffline?: boolean;
}

/** A signed-in read whose answer is kept, and served when offline (src/offline/kept-reads.ts). */
async function readKeeping<T>(path: string, signal: AbortSignal): Promise<ApiRead<T>> {
  const userId = storage.user()?.id;
  // Loaded with the first such read: public pages never need it.
  const kept = import('@/offline/kept-reads');
  try {
    const answer = await apiRead<T>(path, { signal });
    if (userId) void kept.then((store) => store.keepRead(userId, path, answer.data)).catch(console.warn);
    return answer;
  } catch (error) {
    if (userId === undefined || !isNetworkFailure(error)) throw error;
    const stored = await (await kept).keptRead<T>(userId, path);
    if (stored === null) throw error;
    return { data: stored.data, cachedAt: stored.storedAt };
  }
}

/** Resolves after `ms`, or rejects with an AbortError when the load is cancelled first. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

interface Settled<T> {
  path: string;
  generation: number;
  data?: T;
  error?: Error;
  cachedAt: number | null;
}

export function useApi<T>(path: string | null, options: ApiOptions<T> = {}): ApiState<T> {
  // A page the server rendered starts from the answers it was rendered with: the
  // hydrating render matches the server's markup, and the first load sends nothing.
  const served = useServerAnswer(options.load || options.delayMs ? null : path);
  const servedPath = useRef(served ? path : null);
  // Only settled answers are state; "loading" is derived: the answer is for another
  // path or an older reload.
  const [settled, setSettled] = useState<Settled<T> | null>(() =>
    served && path !== null ? { path, generation: 0, data: served.data as T, cachedAt: null } : null,
  );
  // A reload asked for by the worker (fresher data) is quiet: the screen stays as it
  // is until the new answer arrives, so the update happens in place.
  const [load, setLoad] = useState({ generation: 0, quiet: false });
  const generation = load.generation;
  const cache = options.cache ?? false;
  const delayMs = options.delayMs ?? 0;
  const keyLoad = options.load;
  const keepOffline = options.keepOffline ?? false;
  const id = useId();
  const owner = useMemo(() => Symbol(id), [id]);

  useEffect(() => {
    if (path === null) return;
    if (servedPath.current !== null) {
      if (servedPath.current === path && generation === 0) return; // the server's answer is shown
      servedPath.current = null;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const read = (): Promise<ApiRead<T>> =>
      keyLoad
        ? keyLoad(path, signal).then((data) => ({ data, cachedAt: null }))
        : keepOffline
          ? readKeeping<T>(path, signal)
          : apiRead<T>(path, { signal, cache: cache && generation === 0 });
    (delayMs > 0 ? wait(delayMs, signal).then(read) : read()).then(
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
  }, [path, generation, cache, delayMs, keyLoad, keepOffline]);

  const reload = useCallback(
    () => setLoad((current) => ({ generation: current.generation + 1, quiet: false })),
    [],
  );

  useEffect(() => {
    // A keyed load is no path the worker's events could name.
    if (path === null || keyLoad) return;
    return onReadEvent((event) => {
      if (!concerns(event, path)) return;
      if (event.type === 'read-updated') {
        forgetCachedResponse(path);
        setLoad((current) => ({ generation: current.generation + 1, quiet: true }));
      } else {
        setSettled((current) => (current?.path === path ? { ...current, cachedAt: null } : current));
      }
    });
  }, [path, keyLoad]);

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
