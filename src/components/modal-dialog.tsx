/**
 * The house modal dialog: a bottom sheet on a phone, a centred card on a desk. Focus
 * moves in, stays in and goes back where it came from (useFocusTrap); Escape, the ×
 * button and a click on the backdrop close it, except while `busy`. The caller gives
 * the body (`.modal-body`, which scrolls) and the actions (`.modal-actions`).
 */
import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '@/hooks/use-focus-trap';

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
  const dialog = useRef<HTMLDivElement>(null);
  const close = () => {
    if (!busy) onClose();
  };
  const onKeyDown = useFocusTrap(dialog, close);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={dialog}
        className={className ? `modal ${className}` : 'modal'}
        style={{ '--modal-width': width } as CSSProperties}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
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
    </div>,
    document.body,
  );
}
