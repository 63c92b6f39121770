/**
 * The signed-in user's unread count, shared by the bell and its panel. It is
 * asked for when the bell first shows, every minute while the page is visible, when the
 * page comes back into view or online, and whenever the panel changes what is read. A
 * failed ask keeps the last known count: the bell never shows a number it did not get.
 *
 * Answers can arrive out of order (a slow mark-read after a later read-all), so every
 * request that will bring a count takes a ticket when it starts, and an answer counts only
 * if no request started after it has answered already: the newest question wins. A read
 * asked while a change (mark read, mark all read) is under way may be answered from the
 * state before the change is stored (the server answers reads at once and commits writes
 * in batches), so its count is dropped: the change's own answer brings the count.
 */
import { apiJson } from '@/lib/api-client';
import type { NotificationPageDto } from '../../../api/schemas';

export const POLL_MS = 60_000;

let unread: number | null = null;
let userId: string | null = null;
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
/** Tickets handed out, and the newest one whose answer was applied. */
let issued = 0;
let applied = 0;
/** Changes to what is read that have not answered (or failed) yet. */
let changing = 0;

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

function switchUser(forUser: string): void {
  if (userId === forUser) return;
  // Another user signed in on this device: the previous count is not theirs.
  userId = forUser;
  unread = null;
  emit();
}

/**
 * Takes a ticket before a request that answers with the unread count (`change`: one that
 * changes what is read); call what it returns once the request ends, with its count, or
 * null when it failed. A count from a request older than one already applied, from a read
 * asked while a change was under way, or for a user who is no longer the one signed in,
 * is dropped.
 */
export function countTicket(forUser: string, change = false): (count: number | null) => void {
  switchUser(forUser);
  issued += 1;
  const ticket = issued;
  const blind = !change && changing > 0;
  if (change) changing += 1;
  let ended = false;
  return (count) => {
    if (ended) return;
    ended = true;
    if (change) changing -= 1;
    if (count === null || blind || userId !== forUser || ticket < applied) return;
    applied = ticket;
    if (unread === count) return;
    unread = count;
    emit();
  };
}

/** Asks the server for the count (one ask at a time); keeps the last one on failure. */
export function refreshUnread(forUser: string): Promise<void> {
  switchUser(forUser);
  if (inFlight) return inFlight;
  const apply = countTicket(forUser);
  inFlight = apiJson<NotificationPageDto>('/api/notifications?limit=1', { auth: true })
    .then(
      (page) => apply(page.unread),
      (error: unknown) => {
        apply(null);
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
