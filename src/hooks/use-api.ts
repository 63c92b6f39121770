/**
 * Loads JSON for a screen: loading, error and data states, a reload, and an
 * AbortController that cancels the request when the path changes or the screen
 * goes away (a season change cancels the request still in flight).
 */
import { useCallback, useEffect, useState } from 'react';
import { apiJson, isAbort } from '@/lib/api-client';

export interface ApiState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

interface Settled<T> {
  path: string;
  generation: number;
  data?: T;
  error?: Error;
}

export function useApi<T>(path: string | null, options: { cache?: boolean } = {}): ApiState<T> {
  // Only settled answers are state; "loading" is derived: the answer is for another
  // path or an older reload.
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [generation, setGeneration] = useState(0);
  const cache = options.cache ?? false;

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    apiJson<T>(path, { signal: controller.signal, cache: cache && generation === 0 }).then(
      (data) => setSettled({ path, generation, data }),
      (error: unknown) => {
        if (isAbort(error)) return;
        console.warn(error); // handled: the screen shows the error; logged for support
        setSettled({ path, generation, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [path, generation, cache]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  if (path === null) return { data: undefined, error: undefined, loading: false, reload };
  const samePath = settled?.path === path;
  const fresh = samePath && settled.generation === generation;
  return {
    // A reload keeps showing the data it replaces; another path never shows old data.
    data: samePath ? settled.data : undefined,
    error: fresh ? settled.error : undefined,
    loading: !fresh,
    reload,
  };
}
