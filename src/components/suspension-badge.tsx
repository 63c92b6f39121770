/**
 * A player's suspension as a small badge, on the squad tab and in Team
 * Selection. Its text always reads in full to assistive technology and as a tooltip,
 * 'Suspended – 2 matches (Red card)'; on screen it shows 'Suspended' (`short`) or
 * 'Suspended – 2 matches'. Give it an `id` to describe a control with it.
 */
import { suspendedText, type Suspension } from '@/lib/suspensions';
import './suspension-badge.css';

export function suspensionText(suspension: Pick<Suspension, 'reason' | 'matches_remaining'>): string {
  const reason = suspension.reason.trim();
  return `${suspendedText(suspension.matches_remaining)}${reason ? ` (${reason})` : ''}`;
}

export function SuspensionBadge({
  suspension,
  short = false,
  id,
}: {
  suspension: Pick<Suspension, 'reason' | 'matches_remaining'>;
  short?: boolean;
  id?: string;
}) {
  const full = suspensionText(suspension);
  const shown = short ? 'Suspended' : suspendedText(suspension.matches_remaining);
  const hidden = full.slice(shown.length).trim();
  return (
    <span id={id} className="badge suspension-badge" title={full}>
      {shown}
      {hidden && (
        <>
          {' '}
          <span className="visually-hidden">{hidden}</span>
        </>
      )}
    </span>
  );
}
