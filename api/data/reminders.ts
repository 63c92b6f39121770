/**
 * A league secretary's reminders of a result: each is an audit entry (`match.remind`),
 * so the last one is read back from the audit log by time (its `at` index) rather than
 * kept twice.
 */
import type { DB } from '../../db/connection';
import { first } from '../../db/store';

export const REMIND_ACTION = 'match.remind';

/** When the match was last reminded of since `since` (ISO instant), or null. */
export async function lastReminder(db: DB, matchId: number, since: string): Promise<string | null> {
  const row = await first(
    db,
    db
      .selectFrom('audit_log')
      .select('at')
      .where('at', '>=', since)
      .where('action', '=', REMIND_ACTION)
      .where('entity', '=', 'match')
      .where('entity_id', '=', String(matchId))
      .orderBy('at', 'desc')
      .limit(1),
  );
  return row?.at ?? null;
}
