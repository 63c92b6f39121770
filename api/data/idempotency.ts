/**
 * Idempotency-Key records: the first answer to a user's key, kept so a replay gets
 * the same answer. Written in the transaction of the write they record.
 */
import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/connection';
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
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'response_body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function insertIdempotencyRecord(
  db: DB,
  record: Omit<Insertable<IdempotencyKeysTable>, 'id'>,
): Promise<void> {
  await db.insertInto('idempotency_keys').values(record).execute();
}
