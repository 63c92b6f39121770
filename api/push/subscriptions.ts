/**
 * Web Push subscriptions, one row per browser endpoint: the endpoint is
 * unique, so a browser that signs in as someone else moves to that user.
 */
import type { DB } from '../../db/connection';
import { inList, listArgument } from '../../db/dialect-sql';
import { prepared } from '../../db/prepared';
import { namesPrivateHost } from '../feeds/safe-fetch';

/** A user's browsers: past this, the ones subscribed longest ago are forgotten. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export interface StoredSubscription {
  id: number;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Why an endpoint may not be stored or sent to, or null: push services are reached over
 * https only (RFC 8030), and unless `allowPrivate` on a public host. Checked when a
 * browser subscribes and again before each delivery, for subscriptions stored before
 * the rule or under other settings.
 */
export function endpointRefusal(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'an endpoint that is not a URL';
  }
  if (url.protocol !== 'https:') return `${url.origin} is not https`;
  if (url.username !== '' || url.password !== '') return `${url.origin} carries a user name or password`;
  // Names are checked again on every address they resolve to when sent to (sender.ts).
  if (!allowPrivate && namesPrivateHost(url)) return `${url.origin} is not a public address`;
  return null;
}

/** Stores the browser's subscription for the user, taking it over from whoever had it. */
export async function saveSubscription(
  db: DB,
  userId: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
  at: string,
): Promise<void> {
  const row = { user_id: userId, ...subscription, created_at: at };
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('endpoint')
        .doUpdateSet({ user_id: userId, p256dh: row.p256dh, auth: row.auth, created_at: at }),
    )
    .execute();
  const surplus = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(MAX_SUBSCRIPTIONS_PER_USER)
    .limit(1000)
    .execute();
  if (surplus.length > 0) {
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        surplus.map((row) => row.id),
      )
      .execute();
  }
}

/** Forgets the user's subscription at `endpoint`; someone else's is left alone. */
export async function deleteSubscription(db: DB, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** Asked by every notification (db/prepared.ts): one text for any number of users. */
const SUBSCRIPTIONS_OF = prepared((db: DB, a: { userIds: string }) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where(inList(db, 'user_id', a.userIds))
    .orderBy('id'),
);

/** Every subscription of these users. */
export async function subscriptionsOf(db: DB, userIds: readonly string[]): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return [];
  return SUBSCRIPTIONS_OF.all(db, { userIds: listArgument(userIds) });
}

/**
 * Removes a subscription the push service says is gone, unless the browser subscribed
 * again meanwhile (new keys at the same endpoint).
 */
export async function removeGoneSubscription(db: DB, gone: StoredSubscription): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', gone.id)
    .where('p256dh', '=', gone.p256dh)
    .where('auth', '=', gone.auth)
    .execute();
}

/** Signed out everywhere: no device of the user's is pushed to any more. */
export async function deleteUserSubscriptions(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}
