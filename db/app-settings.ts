/**
 * Values generated once for the whole deployment and kept in the database (migration
 * 0008), so every instance on the same database uses the same one.
 */
import { randomBytes } from 'node:crypto';
import type { DB } from './connection';

export const JWT_SECRET_SETTING = 'jwt_secret';

/**
 * The setting's value; the first caller stores `generate()`'s. Two instances starting
 * together both insert, one of them wins, and both read the winner.
 */
export async function sharedSetting(db: DB, name: string, generate: () => string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ name, value: generate() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The token secret every instance shares when JWT_SECRET is not set. */
export function sharedJwtSecret(db: DB): Promise<string> {
  return sharedSetting(db, JWT_SECRET_SETTING, () => randomBytes(48).toString('base64url'));
}
