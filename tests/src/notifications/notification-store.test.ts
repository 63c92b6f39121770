/**
 * The unread count's ordering (issue #20): answers arrive out of order on a bad signal,
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
});
