/**
 * Sessions started by calls that answer as sign-in does, from the pages a link opens (a
 * password reset, an accepted invitation): kept out of the session provider, which every
 * first screen loads. The token and user are stored, and the provider follows the stored
 * user (storage.onUserChange).
 */
import { ApiError, apiJson } from './api-client';
import { storage, type StoredUser } from './storage';

/** A failed call: the message is the server's detail (else the fallback). */
export class SessionFailure extends Error {
  constructor(
    message: string,
    /** The answer's status; 0 when no answer came (offline). */
    readonly status: number,
  ) {
    super(message);
    this.name = 'SessionFailure';
  }
}

/**
 * Sends the call (with the stored token when there is one, as accepting an invitation for
 * a signed-in account needs) and starts the session it answers.
 */
export async function startSession(path: string, body: object, fallback: string): Promise<StoredUser> {
  let answer: { access_token?: string; user?: StoredUser };
  try {
    answer = await apiJson(path, { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiError) throw new SessionFailure(error.detailText(fallback), error.status);
    throw new SessionFailure(fallback, 0);
  }
  if (!answer.user || !answer.access_token) throw new SessionFailure('No user data received', 200);
  storage.setToken(answer.access_token);
  storage.setUser(answer.user);
  return answer.user;
}
