/**
 * The signed-in user's unread count (issue #20), shared by the bell and its panel. It is
 * asked for when the bell first shows, every minute while the page is visible, when the
 * page comes back into view or online, and whenever the panel changes what is read. A
 * failed ask keeps the last known count: the bell never shows a number it did not get.
 */
import { apiJson } from '@/lib/api-client';
import type { NotificationPageDto } from '../../../api/schemas';

export const POLL_MS = 60_000;

let unread: number | null = null;
let userId: string | null = null;
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
/** Bumped by every count the panel sets: an ask that started before it answers too late to count. */
let changes = 0;

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeUnread(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function unreadSnapshot(): number | null {
  return unread;
}

/** A new count from an answer the panel already has. */
export function setUnread(count: number, forUser: string): void {
  changes += 1;
  if (userId !== forUser) userId = forUser;
  if (unread === count) return;
  unread = count;
  emit();
}

/** Asks the server for the count (one ask at a time); keeps the last one on failure. */
export function refreshUnread(forUser: string): Promise<void> {
  if (userId !== forUser) {
    // Another user signed in on this device: the previous count is not theirs.
    userId = forUser;
    unread = null;
    emit();
  }
  const asked = changes;
  inFlight ??= apiJson<NotificationPageDto>('/api/notifications?limit=1', { auth: true })
    .then(
      (page) => {
        // A mark-read answered meanwhile knows better than this older count.
        if (userId === forUser && changes === asked) setUnread(page.unread, forUser);
      },
      (error: unknown) => {
        console.warn('Could not update the unread notifications', error);
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Forgets the count (sign-out). */
export function resetUnread(): void {
  unread = null;
  userId = null;
  emit();
}
