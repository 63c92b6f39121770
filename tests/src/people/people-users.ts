/**
 * The People tests' users over the tiny league, added with their memberships as the
 * server reads rights (a stored user alone carries none), and the writes a screen sends.
 */
import { beforeEach } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { addLeagueAdmin, addUser } from '../../fixtures/auth';
import { logRequests, type ApiMock } from '../api-mock';

export const BOSS: StoredUser = { id: 'pp.boss', name: 'Bea Boss', user_type: 'super_admin', team_id: null };
/** An admin of the tiny league's 2026 season (tl-26) only. */
export const LEAGUE_ADMIN: StoredUser = {
  id: 'pp.lg',
  name: 'Lee League',
  user_type: 'admin',
  team_id: null,
};
export const COACH: StoredUser = {
  id: 'pp.coach',
  name: 'Cora Coach',
  user_type: 'coach',
  team_id: 'north.town',
};

/** Adds the three, and the league admin's membership, to each test's fresh database. */
export function withPeopleUsers(api: ApiMock): void {
  beforeEach(async () => {
    const { db } = api.app.connection;
    await addUser(db, { id: BOSS.id, name: BOSS.name, user_type: 'super_admin' });
    await addLeagueAdmin(db, { id: LEAGUE_ADMIN.id, name: LEAGUE_ADMIN.name }, 'tl-26');
    await addUser(db, { id: COACH.id, name: COACH.name, user_type: 'coach', team_id: 'north.town' });
  });
}

/** `count` coaches of a team named "Person 01", "Person 02", … (e-mail personNN@example.test). */
export async function addCoaches(api: ApiMock, count: number, teamId = 'east.united'): Promise<void> {
  const { db } = api.app.connection;
  for (let n = 1; n <= count; n += 1) {
    const nn = String(n).padStart(2, '0');
    await addUser(db, {
      id: `pp.person${nn}`,
      name: `Person ${nn}`,
      email: `person${nn}@example.test`,
      user_type: 'coach',
      team_id: teamId,
    });
  }
}

export interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** Every request the screen sends during a test, with its JSON body (GETs have none). */
export function logSent(api: ApiMock): () => Promise<Sent[]> {
  const log = logRequests<Promise<Sent>>(api, (request, url) =>
    request
      .clone()
      .text()
      .then((text) => ({
        method: request.method,
        path: url.pathname,
        search: url.search,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      })),
  );
  return () => Promise.all(log);
}
