/**
 * The house modal's focus rules, shared by every dialog: focus moves into the dialog
 * when it opens and goes back where it came from when it closes, Tab and Shift+Tab
 * stay inside, Escape calls `onEscape`, and the page behind does not scroll meanwhile.
 * The dialog element needs tabIndex={-1}; put the returned handler on its onKeyDown.
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = [
  'button:not([disabled])',
  '[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export function useFocusTrap<T extends HTMLElement>(
  dialog: RefObject<T | null>,
  onEscape: () => void,
): (event: KeyboardEvent<T>) => void {
  const opener = useRef<HTMLElement | null>(null);
  // Focus moves in from a layout effect: it is inside before the dialog's first paint,
  // and whoever finds the dialog in the DOM (a screen reader, a test) finds it focused.
  // Dialogs are portals into document.body, so they are never rendered on the server.
  useLayoutEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [dialog]);
  // Focus goes back from a passive effect, after the commit that closes the dialog has
  // applied every change: the opener may have been disabled while a write was under way.
  useEffect(
    () => () => {
      if (opener.current?.isConnected) opener.current.focus();
    },
    [dialog],
  );

  return (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    const root = dialog.current;
    if (event.key !== 'Tab' || !root) return;
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
}
