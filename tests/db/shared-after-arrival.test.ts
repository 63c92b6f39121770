/**
 * The PostgreSQL read cache's version reads (db/data-version.ts sharedAfterArrival):
 * callers share a query only if it began after they arrived, so no caller gets versions
 * read before a write it has already seen acknowledged.
 */
import { describe, expect, it } from 'vitest';
import { sharedAfterArrival } from '../../db/data-version';

/** A query whose runs are settled by hand; each run answers the state when it began. */
function controlledQuery() {
  let state = 0;
  const runs: { began: number; settle(): void }[] = [];
  const query = () =>
    new Promise<number>((resolve) => {
      const began = state;
      runs.push({ began, settle: () => resolve(began) });
    });
  return { query, runs, write: () => (state += 1) };
}

describe('sharedAfterArrival', () => {
  it('never hands a caller a run that began before it arrived, and shares the next one', async () => {
    const { query, runs, write } = controlledQuery();
    const read = sharedAfterArrival(query);
    const first = read(); // run 0 begins, state 0
    write(); // a write commits while run 0 is under way
    const [second, third] = [read(), read()]; // they arrived after the write
    expect(runs).toHaveLength(1); // they wait: run 0 may have read before the write
    runs[0]?.settle();
    expect(await first).toBe(0);
    await Promise.resolve();
    await Promise.resolve();
    expect(runs).toHaveLength(2); // one run for both waiting callers
    runs[1]?.settle();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    // Idle again: the next caller starts a run of its own at once.
    const fourth = read();
    expect(runs).toHaveLength(3);
    runs[2]?.settle();
    expect(await fourth).toBe(1);
  });

  it('goes on after a failed run', async () => {
    let calls = 0;
    const read = sharedAfterArrival(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    const failing = read();
    const after = read();
    await expect(failing).rejects.toThrow('connection lost');
    expect(await after).toBe(2);
    expect(await read()).toBe(3);
  });
});
