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

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  window.innerWidth = DESK_WIDTH;
});

afterEach(() => cleanup());
