/**
 * The header's bell for a signed-in user: the unread count on it, kept fresh
 * while the page is open. Loaded once the page runs; until then (and for a visitor) the
 * plain bell of the layout stands in its place.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { BellIcon } from '@/components/icons';
import { POLL_MS, refreshUnread, subscribeUnread, unreadSnapshot } from './notification-store';
import './notifications.css';

export function NotificationBell({
  userId,
  expanded,
  onToggle,
}: {
  userId: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  const unread = useSyncExternalStore(subscribeUnread, unreadSnapshot, () => null);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void refreshUnread(userId);
    };
    refresh();
    const timer = setInterval(refresh, POLL_MS);
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('online', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('online', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [userId]);

  const count = unread ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <button
      type="button"
      className="icon-button notification-bell"
      aria-label={label}
      aria-expanded={expanded}
      onClick={onToggle}
    >
      <BellIcon />
      {count > 0 && (
        <span className="header-count notification-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
