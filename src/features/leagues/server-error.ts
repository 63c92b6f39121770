import { ApiError } from '@/lib/api-client';

/**
 * 'Server Error ({status}): {detail}' for the table and matches tabs (spec
 * section 8). The server's detail is shown rather than its raw JSON body; a
 * failure without an answer (offline) has no status to show.
 */
export function serverErrorText(error: Error): string {
  if (error instanceof ApiError) {
    const body = error.message.replace(/^\d+\s*/, '');
    return `Server Error (${error.status}): ${error.detailText(body || 'Unknown error')}`;
  }
  return `Server Error: ${error.message}`;
}
