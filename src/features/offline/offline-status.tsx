/**
 * Under the header: 'You are offline' while the network is gone, and on screens
 * shown from the offline store, 'Last updated {relative time}'. Online, a stored
 * answer is usually confirmed by the server within moments; the freshness line waits
 * a little so it does not flash for those, and says nothing of an answer stored in the
 * last minute (online it is as good as current: 'Last updated just now' would only push
 * the page down).
 */
import { useEffect, useState } from 'react';
import { useOnline } from '@/hooks/use-online';
import { formatRelativeTime } from '@/lib/format';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { useOldestCachedAnswer } from '@/lib/freshness';
import { useOutbox } from '@/lib/page-outbox';
import { plural } from '../../../db/rules/words';

const ONLINE_GRACE_MS = 2000;
/** Online, an answer stored this recently is not worth a line. */
const RECENT_MS = 60_000;
const TICK_MS = 30_000;

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}

/**
 * True once the answer stored at `storedAt` has stayed unconfirmed for the grace period
 * and is older than RECENT_MS.
 */
function useStale(storedAt: number | null): boolean {
  const [staleFor, setStaleFor] = useState<number | null>(null);
  useEffect(() => {
    if (storedAt === null) return;
    const wait = Math.max(ONLINE_GRACE_MS, storedAt + RECENT_MS - Date.now());
    const timer = setTimeout(() => setStaleFor(storedAt), wait);
    return () => clearTimeout(timer);
  }, [storedAt]);
  return storedAt !== null && staleFor === storedAt;
}

/** Queued writes that wait for their author to sign in again (the session ended). */
function SignInAgain() {
  const { items } = useOutbox();
  const { user } = useSession();
  const waiting = items.filter(
    (item) => item.state === 'queued' && (item.needsSignIn || item.userId !== user?.id),
  );
  if (waiting.length === 0) return null;
  const who = waiting[0]?.userName || 'its author';
  const count = plural(waiting.length, 'queued item');
  return (
    <div className="app-bar offline-status" role="status">
      <span>
        {count} will send after {who} signs in again.
      </span>{' '}
      <Link to="/login">Sign in</Link>
    </div>
  );
}

export function OfflineStatus() {
  return (
    <>
      <SignInAgain />
      <ConnectionStatus />
    </>
  );
}

function ConnectionStatus() {
  const online = useOnline();
  const cachedAt = useOldestCachedAnswer();
  const stale = useStale(cachedAt);
  const showFreshness = cachedAt !== null && (!online || stale);
  const now = useNow(showFreshness);
  if (online && !showFreshness) return null;
  return (
    <div className={`app-bar offline-status${online ? '' : ' offline-status-offline'}`} role="status">
      {!online && <strong>You are offline.</strong>}
      {showFreshness ? (
        <span>Last updated {formatRelativeTime(cachedAt, Math.max(now, cachedAt))}</span>
      ) : (
        <span>Saved screens and your queued reports still work.</span>
      )}
    </div>
  );
}
