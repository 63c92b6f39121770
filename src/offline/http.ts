/**
 * The HTTP pieces the page's API client, the outbox replay and the service worker
 * share: how a request to the API is dressed (bearer token, JSON body, Idempotency-Key),
 * the token refresh exchange, and how the server's `detail` is read from an error
 * answer. No DOM: the worker uses them too.
 */

export const REFRESH_TOKEN_PATH = '/api/auth/refresh-token';

export interface RequestHeaderOptions {
  /** Sent as `Authorization: Bearer …` when present. */
  token?: string | null;
  /** The request carries a JSON body (every write does). */
  json?: boolean;
  /** Sent with writes so a repeat is applied once. */
  idempotencyKey?: string;
  /** Further headers; the ones above win over them. */
  headers?: Record<string, string>;
}

/** The headers of a request to the API. */
export function requestHeaders(options: RequestHeaderOptions = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.json) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return headers;
}

/** What a successful refresh gives: the new token, and the user when the server sent one. */
export interface RefreshedSession<User = unknown> {
  token: string;
  user?: User;
}

/**
 * Exchanges a token (even an expired one) for a new one. Resolves null when the
 * session is gone or the server cannot be reached; never throws.
 */
export async function exchangeToken<User = unknown>(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RefreshedSession<User> | null> {
  try {
    const response = await fetchImpl(REFRESH_TOKEN_PATH, {
      method: 'POST',
      headers: requestHeaders({ json: true }),
      body: JSON.stringify({ token }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { access_token?: string; user?: User };
    if (!body.access_token) return null;
    return { token: body.access_token, ...(body.user !== undefined && { user: body.user }) };
  } catch {
    return null;
  }
}

/** An error answer's body as text ('' when it had none) and the `detail` it carries, if any. */
export async function readErrorBody(response: Response): Promise<{ text: string; detail: unknown }> {
  const text = await response.text().catch(() => '');
  try {
    return { text, detail: (JSON.parse(text) as { detail?: unknown }).detail };
  } catch {
    return { text, detail: undefined }; // not JSON
  }
}

/** A detail as text: `{ "detail": "…" }`, or a feed's `{ "detail": { "message": "…" } }`. */
export function detailText(detail: unknown): string | undefined {
  if (typeof detail === 'string' && detail !== '') return detail;
  if (detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string') {
    return (detail as { message: string }).message;
  }
  return undefined;
}

/** What an error answer says: the server's detail, else its status line. */
export async function readErrorDetail(response: Response): Promise<string> {
  const { detail } = await readErrorBody(response);
  return detailText(detail) ?? `${response.status} ${response.statusText}`.trim();
}
