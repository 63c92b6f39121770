/**
 * Runs the overdue sweep (api/data/overdue.ts) every minute in each instance. Every
 * instance may sweep at once: a reminder is stored once per user whoever tries first.
 * A failed sweep (the database restarting) is logged and tried again a minute later.
 */
import type { DB } from '../db/connection';
import type { SentNotification } from './data/notifications';
import { sweepOverdue } from './data/overdue';

export const SWEEP_INTERVAL_MS = 60_000;

export function startOverdueSweep(
  db: DB,
  onNotified: (sent: readonly SentNotification[]) => void,
  log: (line: string) => void,
  now: () => Date = () => new Date(),
  intervalMs = SWEEP_INTERVAL_MS,
): { stop(): void } {
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const sent = await sweepOverdue(db, now());
      if (sent.length > 0 && !stopped) onNotified(sent);
    } catch (error) {
      if (!stopped) log(`Overdue sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  // The first sweep soon after start, then every interval; neither keeps the process alive.
  const first = setTimeout(() => void run(), Math.min(5_000, intervalMs));
  const timer = setInterval(() => void run(), intervalMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
