/**
 * The server's clock for a page it renders in the zone the browser named:
 * each date read in that zone with Intl, and each instant shown noted with the zone's
 * offset then, for the browser's check before it hydrates (lib/clock-agrees.ts). Server
 * only: the browser reads its own clock (lib/format.ts).
 */
import { offsetAt } from '../../api/domain/fixture-plan';
import type { WallClock, ZoneClock } from './format';

const MINUTE_MS = 60 * 1000;

export interface NotingClock {
  read: ZoneClock;
  /** Each instant shown so far, with the zone's offset east of UTC then, in minutes. */
  offsets(): [number, number][];
}

/** A clock in `zone` for one render (lib/format.ts's setDisplayClock). */
export function zoneClock(zone: string): NotingClock {
  const shown = new Map<number, number>();
  return {
    read(date: Date, note: boolean): WallClock {
      // Whole minutes, as Date's own getTimezoneOffset.
      const offset = Math.round(offsetAt(zone, date.getTime()) / MINUTE_MS);
      if (note) shown.set(date.getTime(), offset);
      const wall = new Date(date.getTime() + offset * MINUTE_MS);
      return {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth(),
        day: wall.getUTCDate(),
        weekday: wall.getUTCDay(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
      };
    },
    offsets: () => [...shown],
  };
}
