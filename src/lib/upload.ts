/**
 * A crest or photo sent to the server as multipart/form-data (field `file`). Uploads are
 * never queued offline: a picture can be megabytes and the outbox keeps JSON, so without
 * a connection the caller is told so instead.
 */
import { apiJson, ApiError, newIdempotencyKey } from '@/lib/api-client';

export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/webp';
export const UPLOADS_NEED_CONNECTION = 'Uploads need a connection';
/** The server's own limit, checked here first so a large file is not sent for nothing. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be sent, or null when it may go. */
export function uploadProblem(file: File): string | null {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return UPLOADS_NEED_CONNECTION;
  if (file.size > MAX_UPLOAD_BYTES) return 'The picture is over 5 MB: choose a smaller one';
  return null;
}

export async function uploadImage<T>(path: string, file: File): Promise<T> {
  const problem = uploadProblem(file);
  if (problem !== null) throw new ApiError(0, problem, problem);
  const body = new FormData();
  body.append('file', file, file.name);
  return apiJson<T>(path, { method: 'POST', body, idempotencyKey: newIdempotencyKey(), auth: true });
}
