/**
 * Staff writes: every call sends the bearer token (the API client adds it; without a
 * stored token nothing is sent) and an Idempotency-Key, so a retried send is applied once.
 */
import { apiJson, newIdempotencyKey } from '@/lib/api-client';

export function staffWrite<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return apiJson<T>(path, {
    method,
    ...(body !== undefined && { body }),
    idempotencyKey: newIdempotencyKey(),
    auth: true,
  });
}

/** The pause of spec section 9 before roster, match and player loads on management screens. */
export const LOAD_PAUSE_MS = 300;

export function pause(ms = LOAD_PAUSE_MS, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}
