/** Readable, unique ids: dotted lower-case slugs of names ("Jane Doe" → jane.doe, then jane.doe2). */
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import { dottedSlug } from '../../db/slug';

function slugBase(name: string, fallback: string): string {
  return dottedSlug(name).slice(0, 60).replace(/\.+$/, '') || fallback;
}

/** base, else base2, base3, …: the first not taken. */
function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/**
 * The ids starting with `base` are those in [base, end): `end` is base with its last
 * character's code moved up by one. A range of the primary key, where `LIKE 'base%'`
 * read every id (SQLite's LIKE ignores ASCII case, so it cannot use a BINARY index).
 * firstFree only asks for exact base, base2, …, which are lower case like every slug,
 * so the ids LIKE also matched (other cases) never changed its answer.
 */
function prefixRange(base: string): readonly [string, string] {
  const last = base.charCodeAt(base.length - 1);
  return [base, base.slice(0, -1) + String.fromCharCode(last + 1)];
}

/** A slug unused by users, players and coaches: accounts and profiles share one id space. */
export async function uniqueId(db: DB, name: string): Promise<string> {
  const base = slugBase(name, 'member');
  const [from, to] = prefixRange(base);
  const taken = await rows(
    db,
    db
      .selectFrom('users')
      .select('id')
      .where('id', '>=', from)
      .where('id', '<', to)
      .union(db.selectFrom('players').select('id').where('id', '>=', from).where('id', '<', to))
      .union(db.selectFrom('coaches').select('id').where('id', '>=', from).where('id', '<', to)),
  );
  return firstFree(base, new Set(taken.map((row) => row.id)));
}

/** A team id from its name: dotted slug, unique among teams. */
export async function uniqueTeamId(db: DB, name: string): Promise<string> {
  const base = slugBase(name, 'team');
  const [from, to] = prefixRange(base);
  const taken = await rows(
    db,
    db.selectFrom('teams').select('team_id').where('team_id', '>=', from).where('team_id', '<', to),
  );
  return firstFree(base, new Set(taken.map((row) => row.team_id)));
}
