/**
 * Notifications from a write: stored in the write's own transaction, so one
 * exists exactly when its cause was committed, and handed to Web Push only after that
 * commit (writeTransaction calls deliverNotified), never for a write that rolled back.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { notify, type Audience } from '../data/notifications';
import type { NotificationMessage } from '../domain/notification-text';

export async function tell(
  c: Context<AppEnv>,
  audience: Audience,
  message: NotificationMessage,
  dedupeKey: string | null = null,
): Promise<void> {
  const sent = await notify(c.get('db'), audience, message, c.get('options').now().toISOString(), dedupeKey);
  if (sent.length > 0) c.set('notified', [...(c.get('notified') ?? []), ...sent]);
}

/** After the commit: push what the write stored. */
export function deliverNotified(c: Context<AppEnv>): void {
  const sent = c.get('notified');
  c.set('notified', undefined);
  if (sent && sent.length > 0) c.get('options').onNotified(sent);
}

/** After a rollback: what was stored is gone, so nothing is pushed. */
export function dropNotified(c: Context<AppEnv>): void {
  c.set('notified', undefined);
}
