/** The audit log: one row per write, appended inside the write's own transaction. */
import type { DB } from '../../db/connection';
import { statement } from '../../db/store';

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

interface AuditRow {
  at: string;
  user_id: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
}

/** Every write runs it: built and compiled once (db/store.ts). */
const INSERT_ENTRY = statement((db: DB, a: AuditRow) =>
  db.insertInto('audit_log').values({
    at: a.at,
    user_id: a.user_id,
    action: a.action,
    entity: a.entity,
    entity_id: a.entity_id,
    before: a.before,
    after: a.after,
  }),
);

export async function insertAuditEntry(db: DB, entry: AuditEntry): Promise<void> {
  await INSERT_ENTRY.run(db, {
    at: entry.at,
    user_id: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}
