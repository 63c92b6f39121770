import { Link } from 'react-router-dom';
import { OutboxIcon } from '@/components/icons';
import { unsentCount } from '@/offline/outbox';
import { useOutbox } from '@/lib/page-outbox';
import './outbox.css';

/**
 * The header's way to the Outbox: shown while the outbox holds anything (sent items
 * stay listed for a week), with the number not yet confirmed by the server.
 */
export function OutboxBadge() {
  const { items } = useOutbox();
  if (items.length === 0) return null;
  const count = unsentCount(items);
  const label = count === 0 ? 'Outbox' : `Outbox, ${count} not sent yet`;
  return (
    <Link className="icon-button outbox-badge" to="/outbox" aria-label={label}>
      <OutboxIcon />
      {count > 0 && (
        <span className="header-count outbox-count" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
