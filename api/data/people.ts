/** The People screen's reads and the account changes an administrator makes there. */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { first, only, rows, run } from '../../db/store';
import type { Membership } from '../../db/rules/rights';
import { membershipsOfUsers } from './memberships';

export const PEOPLE_PAGE_SIZE = 20;

export interface Person {
  id: string;
  name: string;
  email: string;
  locked: boolean;
  memberships: Membership[];
}

/** `%term%` for LIKE with `\` as its escape, the term lower-cased. */
function containing(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Users matching `q` (in name or e-mail, any case) among everyone (`leagues` 'all') or
 * among those with a membership in one of `leagues` or on one of their teams; by name.
 */
function peopleQuery(db: DB, q: string, leagues: 'all' | readonly string[]) {
  return db
    .selectFrom('users as u')
    .$if(q !== '', (query) =>
      query.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('u.name')}) LIKE ${containing(q)} ESCAPE '\\'`,
          sql<boolean>`lower(${eb.ref('u.email')}) LIKE ${containing(q)} ESCAPE '\\'`,
        ]),
      ),
    )
    .$if(leagues !== 'all', (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .leftJoin('teams as t', 't.team_id', 'm.team_id')
            .select('m.id')
            .whereRef('m.user_id', '=', 'u.id')
            .where((inner) =>
              inner.or([
                inner('m.league_id', 'in', [...(leagues as readonly string[]), '']),
                inner('t.league_id', 'in', [...(leagues as readonly string[]), '']),
              ]),
            ),
        ),
      ),
    );
}

export async function listPeople(
  db: DB,
  { q, page, leagues }: { q: string; page: number; leagues: 'all' | readonly string[] },
): Promise<{ users: Person[]; total_pages: number }> {
  const { count } = await only(
    db,
    peopleQuery(db, q, leagues).select((eb) => eb.fn.countAll<number>().as('count')),
  );
  const found = await rows(
    db,
    peopleQuery(db, q, leagues)
      .select(['u.id', 'u.name', 'u.email', 'u.locked_at'])
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(PEOPLE_PAGE_SIZE)
      .offset((page - 1) * PEOPLE_PAGE_SIZE),
  );
  const memberships = await membershipsOfUsers(
    db,
    found.map((user) => user.id),
  );
  return {
    users: found.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      locked: user.locked_at !== null,
      memberships: memberships.get(user.id) ?? [],
    })),
    total_pages: Math.max(1, Math.ceil(Number(count) / PEOPLE_PAGE_SIZE)),
  };
}

export async function findPerson(db: DB, userId: string): Promise<Person | undefined> {
  const user = await first(
    db,
    db.selectFrom('users').select(['id', 'name', 'email', 'locked_at']).where('id', '=', userId),
  );
  if (!user) return undefined;
  const memberships = await membershipsOfUsers(db, [user.id]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    locked: user.locked_at !== null,
    memberships: memberships.get(user.id) ?? [],
  };
}

export async function setLocked(db: DB, userId: string, locked: boolean, now: Date): Promise<void> {
  await run(
    db,
    db
      .updateTable('users')
      .set({ locked_at: locked ? now.toISOString() : null })
      .where('id', '=', userId),
  );
}
