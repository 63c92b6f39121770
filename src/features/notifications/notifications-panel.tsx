/**
 * The notification panel of a signed-in user: their notifications newest
 * first, each a link to what it is about (opening one marks it read), those whose work
 * is done marked "Done" and never counted unread, "Mark all as read",
 * more on request, and Web Push for this device where the browser has it. A visitor sees
 * the specification's sample text instead (layout.tsx).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, Loading } from '@/components/status';
import { apiJson, newIdempotencyKey } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/format';
import type { NotificationDto, NotificationPageDto } from '../../../api/schemas';
import { countTicket } from './notification-store';
import { PushToggle } from './push-toggle';
import './notifications.css';

export { NotificationBell } from './notification-bell';

const PAGE = 20;

interface Loaded {
  items: NotificationDto[];
  unread: number;
  next: string | null;
}

function markRead(path: string): Promise<{ unread: number }> {
  return apiJson<{ unread: number }>(path, {
    method: 'POST',
    idempotencyKey: newIdempotencyKey(),
    auth: true,
  });
}

/** A visitor's panel: the specification's static sample text. */
function SamplePanel() {
  return (
    <section aria-label="Notifications" className="notifications">
      <h2>Notifications</h2>
      <ul>
        <li>
          <strong>New match scheduled</strong>
          <span>Your next fixture has been added to the calendar.</span>
        </li>
        <li>
          <strong>Team practice tomorrow</strong>
          <span>Training at 6:30 PM at the usual ground.</span>
        </li>
      </ul>
    </section>
  );
}

export function NotificationsPanel({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  return userId === null ? <SamplePanel /> : <UserPanel userId={userId} onClose={onClose} />;
}

function UserPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  // "5 minutes ago" counts from when the panel opened.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    const count = countTicket(userId);
    apiJson<NotificationPageDto>(`/api/notifications?limit=${PAGE}`, { auth: true }).then(
      (page) => {
        count(page.unread);
        if (!live) return;
        setLoaded({ items: page.notifications, unread: page.unread, next: page.next_cursor });
      },
      (error: unknown) => {
        count(null);
        console.warn(error); // handled: the panel says so
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [userId, round]);

  /** Work the panel waits for (`change`: it changes the unread count): its buttons busy, a failure said. */
  const whileBusy = async (
    change: boolean,
    work: (count: (unread: number | null) => void) => Promise<void>,
  ) => {
    setBusy(true);
    const count = countTicket(userId, change);
    try {
      await work(count);
    } catch (error) {
      count(null);
      console.warn(error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const more = async () => {
    const next = loaded?.next;
    if (!loaded || !next) return;
    await whileBusy(false, async (count) => {
      const page = await apiJson<NotificationPageDto>(
        `/api/notifications?limit=${PAGE}&cursor=${encodeURIComponent(next)}`,
        { auth: true },
      );
      setLoaded({
        items: [...loaded.items, ...page.notifications],
        unread: page.unread,
        next: page.next_cursor,
      });
      count(page.unread);
    });
  };

  const readOne = useCallback(
    (item: NotificationDto) => {
      onClose();
      if (item.read) return;
      setLoaded((current) =>
        current
          ? {
              ...current,
              unread: Math.max(0, current.unread - 1),
              items: current.items.map((other) => (other.id === item.id ? { ...other, read: true } : other)),
            }
          : current,
      );
      const count = countTicket(userId, true);
      markRead(`/api/notifications/${item.id}/read`).then(
        ({ unread }) => count(unread),
        (error: unknown) => {
          count(null);
          console.warn('Could not mark the notification read', error);
        },
      );
    },
    [onClose, userId],
  );

  const readAll = () =>
    whileBusy(true, async (count) => {
      const { unread } = await markRead('/api/notifications/read-all');
      setLoaded((current) =>
        current
          ? { ...current, unread, items: current.items.map((item) => ({ ...item, read: true })) }
          : current,
      );
      count(unread);
    });

  return (
    <section aria-labelledby={headingId} className="notifications">
      <div className="notifications-head">
        <h2 id={headingId}>Notifications</h2>
        {loaded && loaded.unread > 0 && (
          <button
            type="button"
            className="notifications-read-all"
            onClick={() => void readAll()}
            disabled={busy}
          >
            Mark all as read
          </button>
        )}
      </div>
      {failed ? (
        <ErrorMessage
          onRetry={() => {
            setFailed(false);
            setRound((n) => n + 1);
          }}
        >
          Notifications could not be loaded. Check your connection and try again.
        </ErrorMessage>
      ) : !loaded ? (
        <Loading label="Loading notifications..." />
      ) : loaded.items.length === 0 ? (
        <p className="notifications-empty">
          No notifications yet. You will hear here about results to review, approvals and changes to your
          matches and to those of the teams you follow.
        </p>
      ) : (
        <>
          <ul className="notifications-list">
            {loaded.items.map((item) => (
              <li
                key={item.id}
                className={
                  item.resolved ? 'notification-done' : item.read ? undefined : 'notification-unread'
                }
              >
                <Link to={item.link} onClick={() => readOne(item)}>
                  <strong>
                    {!item.read && <span className="visually-hidden">Unread: </span>}
                    {item.title}
                    {/* The work it asked for is done: it stays as a record, no longer a task. */}
                    {item.resolved && <span className="notification-done-tag">Done</span>}
                  </strong>
                  <span>{item.body}</span>
                  <time dateTime={item.created_at}>
                    {formatRelativeTime(Date.parse(item.created_at), now)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          {loaded.next && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void more()}
              disabled={busy}
            >
              Show older
            </button>
          )}
        </>
      )}
      <PushToggle />
    </section>
  );
}
