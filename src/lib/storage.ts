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

export type MembershipRole = 'super_admin' | 'league_admin' | 'coach' | 'owner' | 'player';

/** One right and its scope, as the API's user answers carry it (decision 0030). */
export interface StoredMembership {
  role: MembershipRole;
  league_id?: string;
  team_id?: string;
  player_id?: string;
}

export interface StoredUser {
  id: string;
  name: string;
  email?: string;
  user_type: UserType;
  team_id: string | null;
  /**
   * Every right the user holds. Absent in a user stored before rights were memberships
   * (or by an older app): screens then read user_type and team_id, as the specification does.
   */
  memberships?: StoredMembership[];
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
const userListeners = new Set<(user: StoredUser | null) => void>();

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
      if (typeof parsed.id !== 'string' || typeof parsed.user_type !== 'string') return null;
      // Passed on as stored: screens only choose what to show by them, and the server
      // checks every right again.
      const memberships = Array.isArray(parsed.memberships) ? parsed.memberships : undefined;
      return {
        id: parsed.id,
        name: parsed.name ?? '',
        email: parsed.email,
        user_type: parsed.user_type,
        team_id: parsed.team_id ?? null,
        ...(memberships && { memberships }),
      };
    } catch {
      return null;
    }
  },
  setUser(user: StoredUser | null) {
    write(STORAGE_KEYS.user, user === null ? null : JSON.stringify(user));
    userListeners.forEach((listener) => listener(user));
  },
  /**
   * Called whenever this page stores the user: a token refresh or a read of /api/auth/me
   * brings the user's current memberships, and the screens follow them.
   */
  onUserChange(listener: (user: StoredUser | null) => void): () => void {
    userListeners.add(listener);
    return () => userListeners.delete(listener);
  },
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
