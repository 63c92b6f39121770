/**
 * Browser storage keys of the specification (section 3 "Browser storage"), read and
 * written in one place. The viewing-all-teams flag's key is not given by the
 * specification; ours is `viewingAllTeams`.
 */
export const STORAGE_KEYS = {
  token: 'authToken',
  user: 'userData',
  favoriteTeam: 'favoriteTeam',
  viewingAllTeams: 'viewingAllTeams',
} as const;

export type UserType = 'player' | 'coach' | 'owner' | 'manager' | 'admin' | 'super_admin' | 'fan';

export interface StoredUser {
  id: string;
  name: string;
  email?: string;
  user_type: UserType;
  team_id: string | null;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): behave as signed out
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the session lasts for this page only
  }
}

const tokenListeners = new Set<(token: string | null) => void>();

export const storage = {
  token: () => read(STORAGE_KEYS.token),
  setToken(token: string | null) {
    write(STORAGE_KEYS.token, token);
    tokenListeners.forEach((listener) => listener(token));
  },
  /** Called whenever this page stores a new token (the offline outbox mirrors it for the worker). */
  onTokenChange(listener: (token: string | null) => void): () => void {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
  user(): StoredUser | null {
    const raw = read(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<StoredUser>;
      return typeof parsed.id === 'string' && typeof parsed.user_type === 'string'
        ? {
            id: parsed.id,
            name: parsed.name ?? '',
            email: parsed.email,
            user_type: parsed.user_type,
            team_id: parsed.team_id ?? null,
          }
        : null;
    } catch {
      return null;
    }
  },
  setUser: (user: StoredUser | null) => write(STORAGE_KEYS.user, user === null ? null : JSON.stringify(user)),
  favoriteTeam: () => read(STORAGE_KEYS.favoriteTeam),
  setFavoriteTeam: (teamId: string | null) => write(STORAGE_KEYS.favoriteTeam, teamId),
  viewingAllTeams: () => read(STORAGE_KEYS.viewingAllTeams) === 'true',
  setViewingAllTeams: (on: boolean) => write(STORAGE_KEYS.viewingAllTeams, on ? 'true' : null),
  clear() {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // nothing to clear
    }
    tokenListeners.forEach((listener) => listener(null));
  },
};
