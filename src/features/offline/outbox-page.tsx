/**
 * /outbox: every staff write kept on this device, with its state — queued, sending,
 * sent (the server confirmed it) or failed with the server's reason. Failed and
 * waiting items can be sent again or discarded (after a confirmation).
 */
import { Link } from 'react-router-dom';
import { Loading } from '@/components/status';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import type { OutboxItem } from '@/offline/db';
import { offlineDb } from '@/offline/db';
import { discardItem, retryItem } from '@/offline/outbox';
import { replayNow, useOutbox } from '@/lib/page-outbox';
import './outbox.css';
import { PageHeader } from '@/components/page-header';

export const DISCARD_QUESTION = 'Discard this item? It has not reached the server and will be lost.';

const KIND_NAMES: Record<OutboxItem['kind'], string> = {
  'match-report': 'Match report',
  'team-selection': 'Team selection',
  availability: 'Availability',
};

function stateText(item: OutboxItem): string {
  if (item.state === 'sent') return 'Sent';
  if (item.state === 'failed') return 'Failed';
  if (item.state === 'sending') return 'Sending…';
  return item.needsSignIn ? 'Waiting for sign-in' : 'Queued';
}

function Detail({ item, signedInAs }: { item: OutboxItem; signedInAs: string | null }) {
  if (item.state === 'sent') {
    return (
      <p className="outbox-detail">
        Confirmed by the server {formatRelativeTime(item.sentAt ?? item.updatedAt)}.
      </p>
    );
  }
  if (item.state === 'failed') {
    return <p className="outbox-detail outbox-error">The server refused it: {item.error}</p>;
  }
  if (signedInAs !== item.userId || item.needsSignIn) {
    return (
      <p className="outbox-detail">
        Sign in again as {item.userName || 'its author'} to send it. <Link to="/login">Sign in</Link>
      </p>
    );
  }
  if (item.attempts > 0 && item.error) {
    return (
      <p className="outbox-detail">Not sent yet ({item.error}). It will be tried again automatically.</p>
    );
  }
  return <p className="outbox-detail">Will send when back online.</p>;
}

export function OutboxPage() {
  const { items, loaded, reload } = useOutbox();
  const { user } = useSession();
  const act = async (run: () => Promise<void>) => {
    await run();
    reload();
    void replayNow();
  };
  const retry = (id: number) => act(async () => retryItem(await offlineDb(), id));
  const discard = (id: number) => {
    if (!window.confirm(DISCARD_QUESTION)) return;
    void act(async () => discardItem(await offlineDb(), id));
  };

  return (
    <section className="page outbox-page">
      <PageHeader
        title="Outbox"
        subtitle="Reports and team selections made on this device, and whether they reached the server."
      />
      {!loaded ? (
        <Loading label="Loading outbox..." />
      ) : items.length === 0 ? (
        <p className="card outbox-empty">Nothing waiting to be sent.</p>
      ) : (
        <ol className="outbox-list">
          {[...items].reverse().map((item) => (
            <li key={item.id} className={`card outbox-item outbox-${item.state}`} aria-label={item.label}>
              <div className="outbox-head">
                <span className="outbox-kind">{KIND_NAMES[item.kind]}</span>
                <span className={`badge outbox-state outbox-state-${item.state}`}>{stateText(item)}</span>
              </div>
              <p className="outbox-label">{item.label}</p>
              <p className="outbox-meta">Made {formatDate(new Date(item.createdAt).toISOString())}</p>
              <Detail item={item} signedInAs={user?.id ?? null} />
              {item.id !== undefined && item.state !== 'sent' && item.state !== 'sending' && (
                <div className="outbox-actions">
                  <button type="button" className="button" onClick={() => void retry(item.id as number)}>
                    Retry
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => discard(item.id as number)}
                  >
                    Discard
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
