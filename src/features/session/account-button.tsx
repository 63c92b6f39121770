/**
 * The Settings button of the header: opens the account sheet, which is loaded on
 * first use so the first screen does not ship it. Nothing for a signed-out visitor.
 * Its icon is not the gear: that one is the admin's button to /admin (spec section 2).
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { SlidersIcon } from '@/components/icons';
import { useSession } from '@/lib/session';

const AccountSheet = lazy(() => import('./account-sheet').then((m) => ({ default: m.AccountSheet })));

export function AccountButton({
  className = 'icon-button',
  label = 'Settings',
}: {
  className?: string;
  /** The button's accessible name. */
  label?: string;
}) {
  const { isAuthenticated } = useSession();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  if (!isAuthenticated) return null;

  const close = () => {
    setOpen(false);
    // Safari does not focus a clicked button, so the sheet may not know its opener.
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`account-button ${className}`}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <SlidersIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountSheet onClose={close} />
        </Suspense>
      )}
    </>
  );
}
