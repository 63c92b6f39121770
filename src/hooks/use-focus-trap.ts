/**
 * The house modal's focus rules, shared by every dialog: focus moves into the dialog
 * when it opens and goes back where it came from when it closes, Tab and Shift+Tab
 * stay inside, Escape calls `onEscape`, and the page behind does not scroll meanwhile.
 * The dialog element needs tabIndex={-1}; put the returned handler on its onKeyDown.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

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
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [dialog]);

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
