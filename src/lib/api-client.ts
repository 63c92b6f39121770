/**
 * The one API client: sends the stored bearer token, refreshes it once on a 401 and
 * retries, signs the user out when the refresh fails, caches successful GETs in
 * memory when asked, and turns failures into ApiError with the server's detail.
 */
import { detailText, exchangeToken, readErrorBody, requestHeaders } from '@/offline/http';
import { CACHED_AT_HEADER, REVALIDATING_HEADER } from '@/offline/cached-headers';
import { createResponseCache } from './response-cache';
import { storage, type StoredUser } from './storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `detail` (a string, or `{ message }` for feeds), when it sent one. */
    readonly detail: unknown,
    message: string,
    /** The answer's body as text ('' when it had none). */
    readonly body = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's detail as text, or the given fallback. */
  detailText(fallback: string): string {
    return detailText(this.detail) ?? fallback;
  }

  /** What the answer said: the server's detail, else its body text ('' when empty). */
  bodyText(): string {
    return this.detailText(this.body);
  }
}

/** Why a call failed, as the server said it (its detail), else the status or the error's message. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) return error.detailText(`HTTP ${error.status}`);
  return error instanceof Error ? error.message : String(error);
}

/** Spec section 8: an authenticated call made without a stored token. */
export const NO_TOKEN = 'No authentication token found';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Serve a successful GET from the in-memory cache (5 minutes) and store it there. */
  cache?: boolean;
  /** Sent with writes so a retry never applies twice. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Ask the server even when the offline store has an answer (saving for offline). */
  fresh?: boolean;
  /** An authenticated call: without a stored token it is not sent and fails with NO_TOKEN (401). */
  auth?: boolean;
}

/** A JSON answer and, when the offline store served it unconfirmed, when it was stored. */
export interface ApiRead<T> {
  data: T;
  cachedAt: number | null;
}

const cache = createResponseCache();
let onSessionEnded: () => void = () => undefined;
let refreshing: Promise<boolean> | null = null;

/** Called when a refresh fails: the session provider signs the user out. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

export function clearResponseCache(): void {
  cache.clear();
}

/**
 * Exchanges the stored token for a new one (one exchange at a time); resolves the
 * new token, or null when the session is gone. The outbox replay uses it too.
 */
export async function refreshSession(): Promise<string | null> {
  return (await refreshToken()) ? storage.token() : null;
}

async function refreshToken(): Promise<boolean> {
  const token = storage.token();
  if (!token) return false;
  refreshing ??= (async () => {
    try {
      const session = await exchangeToken<StoredUser>(token);
      if (!session) return false;
      storage.setToken(session.token);
      if (session.user) storage.setUser(session.user);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  // A FormData body (an upload) sets its own multipart Content-Type with the boundary.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const json =
    !form && (options.body !== undefined || (options.method !== undefined && options.method !== 'GET'));
  return fetch(path, {
    method: options.method ?? 'GET',
    headers: requestHeaders({
      token,
      json,
      idempotencyKey: options.idempotencyKey,
      headers: options.headers,
    }),
    ...(options.body !== undefined && {
      body: form ? (options.body as FormData) : JSON.stringify(options.body),
    }),
    ...(options.signal && { signal: options.signal }),
    ...(options.fresh && { cache: 'no-cache' as const }),
  });
}

/** Sends a request with the token; on 401 refreshes once and retries. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const token = storage.token();
  if (options.auth && !token) throw new ApiError(401, NO_TOKEN, NO_TOKEN);
  const response = await send(path, options, token);
  if (response.status !== 401 || !token) return response;
  if (await refreshToken()) return send(path, options, storage.token());
  onSessionEnded();
  return response;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const { text, detail } = await readErrorBody(response);
  return new ApiError(response.status, detail, `${response.status} ${text || response.statusText}`, text);
}

/** Sends a request and parses the JSON answer; throws ApiError on a non-2xx status. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRead<T>(path, options)).data;
}

/** As apiJson, and says whether the answer came unconfirmed from the offline store. */
export async function apiRead<T>(path: string, options: RequestOptions = {}): Promise<ApiRead<T>> {
  const cacheable = options.cache === true && (options.method ?? 'GET') === 'GET';
  if (cacheable) {
    const hit = cache.get(path);
    if (hit !== undefined) return { data: hit as T, cachedAt: null };
  }
  const response = await apiFetch(path, options);
  if (!response.ok) throw await errorFrom(response);
  const data = (response.status === 204 ? null : await response.json()) as T;
  const cachedAt = storedAnswerAge(response);
  // Only answers the server confirmed go in the memory cache.
  if (cacheable && cachedAt === null) cache.set(path, data);
  return { data, cachedAt };
}

/**
 * When the offline store's answer was last confirmed, if the screen should say so:
 * offline always; online only while the worker is still checking it with the server.
 */
function storedAnswerAge(response: Response): number | null {
  const at = Number(response.headers.get(CACHED_AT_HEADER) ?? NaN);
  if (Number.isNaN(at)) return null;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline || response.headers.has(REVALIDATING_HEADER) ? at : null;
}

/** Forgets one path in the memory cache (the offline store has a newer answer). */
export function forgetCachedResponse(path: string): void {
  cache.delete(path);
}

/** A fresh key per user action, so a retried send is applied once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Statuses that mean "the server could not be reached", not "the server said no". */
const UNREACHABLE = new Set([502, 503, 504]);

/** Whether a request failed for want of a connection (and may be sent again), not by the server's refusal. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return UNREACHABLE.has(error.status);
  return error instanceof TypeError; // fetch's "Failed to fetch"
}

export function isAbort(error: unknown): boolean {
  // By name: jsdom and Node each have their own DOMException class.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
