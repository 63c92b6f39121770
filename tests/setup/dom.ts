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

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

afterEach(() => cleanup());
