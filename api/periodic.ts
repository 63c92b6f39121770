/**
 * The server's periodic work, in each instance:
 * - the overdue sweep (api/data/overdue.ts) every minute. Every instance may sweep at
 *   once: a reminder is stored once per user whoever tries first.
 * - the automatic reminders to answer whether one can play (api/data/availability-reminders.ts)
 *   every minute: each is claimed once across instances before anyone is told.
 * - housekeeping (api/data/housekeeping.ts) every hour: deleting twice is harmless.
 * A failed run (the database restarting) is logged and tried again at the next.
 */
import type { DB } from '../db/connection';
import { pruneBookkeeping } from './data/housekeeping';
import type { SentNotification } from './data/notifications';
import { sweepOverdue } from './data/overdue';
import { sweepAvailabilityReminders } from './data/availability-reminders';
import type { NoticeMailing } from './mail/notices';

export const SWEEP_INTERVAL_MS = 60_000;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export interface Periodic {
  stop(): void;
}

/**
 * Runs `task` soon after start (within 5 s) and then every `intervalMs`, never two at
 * once. A failure goes to `log` under `name`; after `stop()` nothing more runs or is
 * logged, and a run under way can ask `stopped()` before acting on what it found.
 * Neither timer keeps the process alive.
 */
export function runPeriodically(
  name: string,
  task: (stopped: () => boolean) => Promise<void>,
  log: (line: string) => void,
  intervalMs: number,
): Periodic {
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await task(() => stopped);
    } catch (error) {
      if (!stopped) log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
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

export function startOverdueSweep(
  db: DB,
  onNotified: (sent: readonly SentNotification[]) => void,
  log: (line: string) => void,
  now: () => Date = () => new Date(),
  intervalMs = SWEEP_INTERVAL_MS,
): Periodic {
  return runPeriodically(
    'Overdue sweep',
    async (stopped) => {
      const sent = await sweepOverdue(db, now(), { stopped });
      if (sent.length > 0 && !stopped()) onNotified(sent);
    },
    log,
    intervalMs,
  );
}

export function startAvailabilityReminders(
  db: DB,
  deliver: {
    onNotified: (sent: readonly SentNotification[]) => void;
    /** With mail configured: reminders go by e-mail too. */
    mailing: NoticeMailing | null;
    onMailQueued: () => void;
  },
  log: (line: string) => void,
  now: () => Date = () => new Date(),
  intervalMs = SWEEP_INTERVAL_MS,
): Periodic {
  return runPeriodically(
    'Availability reminders',
    async (stopped) => {
      const { sent, mailed } = await sweepAvailabilityReminders(db, now(), {
        mailing: deliver.mailing,
        stopped,
      });
      if (stopped()) return;
      if (sent.length > 0) deliver.onNotified(sent);
      if (mailed > 0) deliver.onMailQueued();
    },
    log,
    intervalMs,
  );
}

/** Ended sessions and old Idempotency-Key records deleted every hour (decision 0027). */
export function startHousekeeping(db: DB, log: (line: string) => void): Periodic {
  return runPeriodically(
    'Housekeeping',
    async () => {
      await pruneBookkeeping(db, new Date());
    },
    log,
    HOUSEKEEPING_INTERVAL_MS,
  );
}
