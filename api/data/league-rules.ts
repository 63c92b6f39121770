/**
 * A league's rules and points deductions (migration 0009). Rules are stored
 * as the JSON a super admin sent and read over the defaults, so a league without a row
 * plays by DEFAULT_RULES.
 */
import type { DB } from '../../db/connection';
import { first, only, rows, run, statement } from '../../db/store';
import { DEFAULT_RULES, TIEBREAKERS, type LeagueRules, type Tiebreaker } from '../domain/league-rules';
import type { DeductionDto } from '../schemas';

const KNOWN: ReadonlySet<string> = new Set(TIEBREAKERS);

/**
 * A fresh copy of the defaults, for the caller to change. Written out rather than
 * structuredClone'd: that went through the worker serialiser on every squad and report.
 */
function defaultRules(): LeagueRules {
  return {
    points: { ...DEFAULT_RULES.points },
    tiebreakers: [...DEFAULT_RULES.tiebreakers],
    report_deadline_hours: DEFAULT_RULES.report_deadline_hours,
    suspensions: { ...DEFAULT_RULES.suspensions },
  };
}

/** Stored rules over the defaults; a stored value that no longer fits is left out. */
function withDefaults(stored: unknown): LeagueRules {
  const rules = defaultRules();
  if (stored === null || typeof stored !== 'object') return rules;
  const value = stored as Partial<Record<keyof LeagueRules, unknown>>;
  const points = value.points as Partial<LeagueRules['points']> | undefined;
  for (const key of ['win', 'draw', 'loss'] as const) {
    if (Number.isInteger(points?.[key])) rules.points[key] = points?.[key] as number;
  }
  if (Array.isArray(value.tiebreakers) && value.tiebreakers.every((name) => KNOWN.has(name as string))) {
    rules.tiebreakers = value.tiebreakers as Tiebreaker[];
  }
  if (Number.isInteger(value.report_deadline_hours))
    rules.report_deadline_hours = value.report_deadline_hours as number;
  const suspensions = value.suspensions as Partial<LeagueRules['suspensions']> | undefined;
  for (const key of ['red_card_matches', 'yellow_card_threshold', 'yellow_card_matches'] as const) {
    if (Number.isInteger(suspensions?.[key])) rules.suspensions[key] = suspensions?.[key] as number;
  }
  return rules;
}

const RULES_ROW = statement((db: DB, a: { leagueId: string }) =>
  db.selectFrom('league_rules').select('rules').where('league_id', '=', a.leagueId),
);

export async function leagueRules(db: DB, leagueId: string): Promise<LeagueRules> {
  const row = await RULES_ROW.first(db, { leagueId });
  if (row === undefined) return defaultRules();
  try {
    return withDefaults(JSON.parse(row.rules));
  } catch {
    return defaultRules();
  }
}

export async function storeLeagueRules(
  db: DB,
  leagueId: string,
  rules: LeagueRules,
  at: string,
): Promise<void> {
  const json = JSON.stringify(rules);
  await run(
    db,
    db
      .insertInto('league_rules')
      .values({ league_id: leagueId, rules: json, updated_at: at })
      .onConflict((conflict) => conflict.column('league_id').doUpdateSet({ rules: json, updated_at: at })),
  );
}

function deductionsOf(db: DB, leagueId: string) {
  return db
    .selectFrom('points_deductions as d')
    .innerJoin('teams as t', 't.team_id', 'd.team_id')
    .select(['d.id', 'd.league_id', 'd.team_id', 't.team_name', 'd.points', 'd.reason', 'd.created_at'])
    .where('d.league_id', '=', leagueId);
}

/** A league's deductions, oldest first, with the team's name. */
export async function leagueDeductions(db: DB, leagueId: string): Promise<DeductionDto[]> {
  return rows(db, deductionsOf(db, leagueId).orderBy('d.id'));
}

/** One deduction of a league, with the team's name. */
export async function findDeduction(db: DB, leagueId: string, id: number): Promise<DeductionDto | undefined> {
  return first(db, deductionsOf(db, leagueId).where('d.id', '=', id));
}

export async function insertDeduction(
  db: DB,
  row: {
    league_id: string;
    team_id: string;
    points: number;
    reason: string;
    created_at: string;
    created_by: string;
  },
): Promise<number> {
  const inserted = await only(db, db.insertInto('points_deductions').values(row).returning('id'));
  return inserted.id;
}

export async function deleteDeduction(
  db: DB,
  leagueId: string,
  id: number,
): Promise<DeductionDto | undefined> {
  const found = await findDeduction(db, leagueId, id);
  if (found === undefined) return undefined;
  await run(db, db.deleteFrom('points_deductions').where('id', '=', id).where('league_id', '=', leagueId));
  return found;
}

export interface LeagueFields {
  league_name: string;
  status: 'active' | 'upcoming' | 'completed';
  location: string;
}

/** A new league season; false when the id is taken. */
export async function insertLeague(
  db: DB,
  row: LeagueFields & { league_id: string; season: string; created_at: string },
): Promise<boolean> {
  const inserted = await first(
    db,
    db
      .insertInto('leagues')
      .values(row)
      .onConflict((conflict) => conflict.column('league_id').doNothing())
      .returning('league_id'),
  );
  return inserted !== undefined;
}

export async function updateLeague(db: DB, leagueId: string, fields: LeagueFields): Promise<void> {
  await run(db, db.updateTable('leagues').set(fields).where('league_id', '=', leagueId));
}
