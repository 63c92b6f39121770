import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import './node';

// Two cores run many suites at once: give screens time to load before a query fails.
configure({ asyncUtilTimeout: 5000 });

// Handled load failures are logged with console.warn; keep the test output readable.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

// Dates render in UTC in every test run, wherever it runs.
process.env.TZ = 'UTC';

// jsdom has no matchMedia. Width queries are answered from window.innerWidth (jsdom's
// 1024, a desk, unless a test sets a phone's 390), so screens that switch layout in
// JavaScript render the same way on every run; other queries never match.
const DESK_WIDTH = window.innerWidth;
function widthMatches(query: string): boolean {
  const bounds = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  return (
    bounds.length > 0 &&
    bounds.every(([, side, px]) =>
      side === 'min' ? window.innerWidth >= Number(px) : window.innerWidth <= Number(px),
    )
  );
}
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has <dialog> and its `open`, but neither showModal() nor close(), and no close
// watcher. Enough of them for the house dialog: showModal() and close() set `open` (a
// stack of the modal ones, topmost last), close() sends `close`, and an Escape keydown
// nobody cancelled sends the topmost modal dialog a cancelable `cancel`, closing it
// unless that was cancelled, as a browser does once the key's dispatch is over (it
// listens nowhere, so a handler that stops the key's propagation changes nothing).
// Not emulated: inertness of the page behind, and a dialog removed while open stays
// on the stack only until the next Escape looks at it.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  const topModal = () => {
    for (let i = modals.length - 1; i >= 0; i--) {
      const dialog = modals[i] as HTMLDialogElement;
      if (dialog.isConnected && dialog.open) return dialog;
      modals.splice(i, 1);
    }
    return undefined;
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) {
      if (modals.includes(this)) return;
      throw new DOMException('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
    }
    if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
    this.open = true;
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    const at = modals.indexOf(this);
    if (at >= 0) modals.splice(at, 1);
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function dispatchEvent(this: EventTarget, event: Event) {
    const result = dispatch.call(this, event);
    if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Escape' && !event.defaultPrevented) {
      const dialog = topModal();
      if (dialog && dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    }
    return result;
  };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  window.innerWidth = DESK_WIDTH;
});

afterEach(() => cleanup());
