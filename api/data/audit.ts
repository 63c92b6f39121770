/** The audit log: one row per write, appended inside the write's own transaction. */
import type { DB } from '../../db/connection';

export interface AuditEntry {
  at: string;
  userId: string;
  action: string;
  entity: string;
  entityId: string | number | null;
  /** Stored as JSON; undefined stores NULL. */
  before?: unknown;
  after?: unknown;
}

export async function insertAuditEntry(db: DB, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
