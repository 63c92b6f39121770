/**
 * The house modal dialog: a bottom sheet on a phone, a centred card on a desk. It is the
 * platform's `<dialog>` opened with showModal(), so the page behind is inert to the
 * pointer, the keyboard and screen readers alike. Focus moves in, Tab and Shift+Tab go
 * round the dialog's controls, and focus goes back where it came from. Escape (the
 * dialog's `cancel`), the × button and a click on the backdrop close it, except while
 * `busy`. The caller gives the body (`.modal-body`, which scrolls) and the actions
 * (`.modal-actions`).
 *
 * The dialog element fills the screen and holds the card; the dim colour is its
 * ::backdrop, so a click whose target is the dialog itself landed outside the card.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'button:not([disabled])',
  '[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export function ModalDialog({
  title,
  subtitle,
  onClose,
  busy = false,
  width = '28rem',
  className,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  onClose: () => void;
  /** While true, nothing closes the dialog (a write is under way). */
  busy?: boolean;
  /** The card's width on a desk. */
  width?: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // Where the pointer went down: a drag from the card that ends on the backdrop is no click on it.
  const downOnBackdrop = useRef(false);
  const close = () => {
    if (!busy) onClose();
  };

  // Opened from a layout effect: modal, and focused, before the first paint, so whoever
  // finds the dialog in the DOM (a screen reader, a test) finds it open and focused. The
  // dialog itself takes focus, not its first control (the ×), so its title is what is read.
  // Dialogs are portals into document.body, so they are never rendered on the server.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const node = dialog.current;
    if (!node) return;
    // (Run twice in development, it must not take itself for its opener.)
    const active = document.activeElement;
    if (active instanceof HTMLElement && !node.contains(active)) opener.current = active;
    // React's development double run mounts it twice: showModal() on an open dialog throws.
    if (!node.open) node.showModal();
    node.focus();
    // Removed from the document, the dialog leaves the top layer and the page is live again.
  }, []);
  // Focus goes back from a passive effect, after the commit that closes the dialog has
  // applied every change: the opener may have been disabled while a write was under way.
  useEffect(
    () => () => {
      if (opener.current?.isConnected) opener.current.focus();
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // The dialog's own: a page-wide Escape (the header's panels) must not act on it too.
    // The browser still turns the key into the dialog's `cancel`.
    if (event.key === 'Escape') {
      event.stopPropagation();
      return;
    }
    const root = dialog.current;
    if (event.key !== 'Tab' || !root) return;
    // The page behind is inert, but from the last control Tab would go to the browser's
    // own bar: round to the first instead, as a dialog's keyboard pattern has it.
    const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === root)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <dialog
      ref={dialog}
      className="modal-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      // The parent closes it (by no longer rendering it): the browser must not close it
      // first, and a busy dialog stays open.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // Closed by the browser all the same (it may skip `cancel` when asked too often
      // without the user's activation): open it again while busy, else tell the parent.
      onClose={() => {
        const node = dialog.current;
        if (!node?.isConnected) return;
        if (busy) {
          node.showModal();
          node.focus();
        } else onClose();
      }}
      onPointerDown={(event) => {
        downOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && downOnBackdrop.current) close();
        downOnBackdrop.current = false;
      }}
    >
      <div
        className={className ? `modal ${className}` : 'modal'}
        style={{ '--modal-width': width } as CSSProperties}
      >
        {/* Not a <header>: inside a dialog that would be a second banner landmark. */}
        <div className="modal-header">
          <div className="modal-heading">
            <h2 id={titleId}>{title}</h2>
            {subtitle && <p>{subtitle}</p>}
          </div>
          <button type="button" className="modal-x" aria-label="Close dialog" onClick={close} disabled={busy}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
