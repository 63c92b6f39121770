/**
 * The session: the stored user and token, sign-in, registration and sign-out, and
 * the favourite team. Screens read it with useSession().
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, apiFetch, apiJson, clearResponseCache, setSessionEndedHandler } from './api-client';
import { STORAGE_KEYS, storage, type StoredUser } from './storage';

export interface Session {
  user: StoredUser | null;
  isAuthenticated: boolean;
  login(email: string, password: string): Promise<StoredUser>;
  register(name: string, email: string, password: string): Promise<StoredUser>;
  /** Ends the session, clears all browser storage and reloads at `to` (default /). */
  logout(to?: string): Promise<void>;
  favoriteTeam: string | null;
  setFavoriteTeam(teamId: string | null): void;
}

const SessionContext = createContext<Session | null>(null);

interface AuthAnswer {
  access_token?: string;
  user?: StoredUser;
}

/** Clears everything the browser keeps for the user and starts again (a full reload). */
export function endSession(to = '/'): void {
  storage.clear();
  clearResponseCache();
  // Cached reads go too, and this device's push subscription (the next user's phone, perhaps);
  // a broken store must not keep the user signed in.
  void Promise.all([
    import('@/offline/clear').then(({ clearOfflineData }) => clearOfflineData()),
    import('@/lib/push').then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice()),
  ])
    .catch((error: unknown) => console.warn('Offline data not cleared', error))
    .finally(() => window.location.assign(to));
}

async function authenticate(path: string, body: object, fallback: string): Promise<StoredUser> {
  let answer: AuthAnswer;
  try {
    answer = await apiJson<AuthAnswer>(path, { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.detailText(fallback));
    throw new Error(fallback);
  }
  if (!answer.user) throw new Error('No user data received');
  if (!answer.access_token) throw new Error(fallback);
  storage.setToken(answer.access_token);
  storage.setUser(answer.user);
  return answer.user;
}

/** How long after the start the favourite's follow is checked: first paint and the page's reads go first. */
const FOLLOW_CATCH_UP_MS = 5000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(() => (storage.token() ? storage.user() : null));
  const [favoriteTeam, setFavorite] = useState<string | null>(() => storage.favoriteTeam());

  useEffect(() => {
    setSessionEndedHandler(() => endSession('/'));
    // Another tab signing out or choosing a favourite updates this one too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.favoriteTeam || event.key === null) setFavorite(storage.favoriteTeam());
      if (event.key === STORAGE_KEYS.user || event.key === STORAGE_KEYS.token || event.key === null) {
        setUser(storage.token() ? storage.user() : null);
      }
    };
    window.addEventListener('storage', onStorage);
    // This tab storing the user anew (a token refresh, a read of /api/auth/me, a session
    // started by a reset link or an invitation: start-session.ts) brings its rights.
    const stopListening = storage.onUserChange((stored) =>
      setUser(stored && storage.token() ? stored : null),
    );
    return () => {
      window.removeEventListener('storage', onStorage);
      stopListening();
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const signedIn = await authenticate(
      '/api/auth/login',
      { email, password },
      'Login failed. Please check your credentials.',
    );
    setUser(signedIn);
    return signedIn;
  }, []);

  const register = useCallback(async (name: string, email: string, password: string) => {
    const registered = await authenticate(
      '/api/auth/register',
      { name, email, password },
      'Registration failed',
    );
    setUser(registered);
    return registered;
  }, []);

  const logout = useCallback(async (to = '/') => {
    if (storage.token()) {
      // Best effort: the session ends on the server too when it is reachable.
      await apiFetch('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    }
    endSession(to);
  }, []);

  const setFavoriteTeam = useCallback((teamId: string | null) => {
    const previous = storage.favoriteTeam();
    storage.setFavoriteTeam(teamId);
    setFavorite(teamId);
    // Loaded when needed: no first render waits for it.
    if (storage.token() && previous !== teamId)
      void import('./follows').then(({ followFavourite }) => followFavourite(previous, teamId));
  }, []);

  // Once per signed-in start, after the page is up: a favourite chosen offline is followed.
  const signedInId = user?.id ?? null;
  useEffect(() => {
    const favourite = storage.favoriteTeam();
    if (signedInId === null || favourite === null || !navigator.onLine) return;
    const timer = window.setTimeout(
      () => void import('./follows').then(({ catchUpFavourite }) => catchUpFavourite(favourite)),
      FOLLOW_CATCH_UP_MS,
    );
    return () => window.clearTimeout(timer);
  }, [signedInId]);

  const value = useMemo<Session>(
    () => ({
      user,
      isAuthenticated: user !== null,
      login,
      register,
      logout,
      // Only a signed-in user has a favourite team (spec section 1).
      favoriteTeam: user !== null ? favoriteTeam : null,
      setFavoriteTeam,
    }),
    [user, login, register, logout, favoriteTeam, setFavoriteTeam],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
