/**
 * Idempotency-Key records: the first answer to a user's key, kept so a replay gets
 * the same answer. Written in the transaction of the write they record.
 */
import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/connection';
import { statement } from '../../db/store';
import type { IdempotencyKeysTable } from '../../db/schema';

export type StoredAnswer = Pick<
  Selectable<IdempotencyKeysTable>,
  'request_hash' | 'status' | 'response_body'
>;

export async function findIdempotencyRecord(
  db: DB,
  userId: string,
  key: string,
): Promise<StoredAnswer | undefined> {
  return FIND_RECORD.first(db, { userId, key });
}

const FIND_RECORD = statement((db: DB, a: { userId: string; key: string }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'response_body'])
    .where('user_id', '=', a.userId)
    .where('key', '=', a.key),
);

type IdempotencyRecord = Omit<Insertable<IdempotencyKeysTable>, 'id'>;

const INSERT_RECORD = statement((db: DB, a: Required<IdempotencyRecord>) =>
  db.insertInto('idempotency_keys').values({
    user_id: a.user_id,
    key: a.key,
    method: a.method,
    path: a.path,
    request_hash: a.request_hash,
    status: a.status,
    response_body: a.response_body,
    created_at: a.created_at,
  }),
);

export async function insertIdempotencyRecord(db: DB, record: Required<IdempotencyRecord>): Promise<void> {
  await INSERT_RECORD.run(db, record);
}
