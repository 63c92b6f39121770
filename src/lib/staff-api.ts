/**
 * Online-only staff writes: sent now, once, or they fail with the server's answer (or
 * the network error) for the screen to show. Every call sends the bearer token (the
 * API client adds it; without a stored token nothing is sent) and an Idempotency-Key,
 * so a retried send is applied once. Writes that may wait offline go through the
 * outbox instead (submitStaffWrite in src/lib/page-outbox.ts).
 */
import { apiJson, newIdempotencyKey } from '@/lib/api-client';

export function sendStaffWrite<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return apiJson<T>(path, {
    method,
    ...(body !== undefined && { body }),
    idempotencyKey: newIdempotencyKey(),
    auth: true,
  });
}
