/**
 * The unread count's ordering: answers arrive out of order on a bad signal,
 * and the bell must end on the newest question's answer, not on whichever came last.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countTicket, resetUnread, unreadSnapshot } from '@/features/notifications/notification-store';

afterEach(() => resetUnread());

describe('the unread count', () => {
  it('ignores a late answer to an older request', () => {
    const markOne = countTicket('u1'); // a mark-read that will answer slowly
    const markAll = countTicket('u1'); // "Mark all as read", asked after it
    markAll(0);
    markOne(1);
    expect(unreadSnapshot()).toBe(0);
  });

  it('takes answers that come in the order they were asked', () => {
    const first = countTicket('u1');
    const second = countTicket('u1');
    first(3);
    expect(unreadSnapshot()).toBe(3);
    second(2);
    expect(unreadSnapshot()).toBe(2);
  });

  it('drops a count that belongs to the user who signed out', () => {
    const before = countTicket('u1');
    resetUnread();
    const after = countTicket('u2');
    before(5);
    expect(unreadSnapshot()).toBeNull();
    after(1);
    expect(unreadSnapshot()).toBe(1);
  });

  it('drops a read asked while a change is under way, which the server may answer first', () => {
    const markAll = countTicket('u1', true);
    const poll = countTicket('u1'); // the bell's poll, asked after "Mark all as read"
    poll(1); // answered before the change was stored
    markAll(0);
    expect(unreadSnapshot()).toBe(0);
    // Once the change has answered, reads count again.
    const later = countTicket('u1');
    later(2);
    expect(unreadSnapshot()).toBe(2);
  });

  it('counts reads again once a change has failed', () => {
    const first = countTicket('u1');
    first(3);
    const markOne = countTicket('u1', true);
    markOne(null); // failed: nothing changed
    expect(unreadSnapshot()).toBe(3);
    const poll = countTicket('u1');
    poll(3);
    const after = countTicket('u1');
    after(1);
    expect(unreadSnapshot()).toBe(1);
  });

  it('keeps a read asked before the change began, in order', () => {
    const poll = countTicket('u1');
    const markOne = countTicket('u1', true);
    poll(2); // asked before the change: true at its time
    expect(unreadSnapshot()).toBe(2);
    markOne(1);
    expect(unreadSnapshot()).toBe(1);
  });
});
