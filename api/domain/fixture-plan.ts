/**
 * A league season's fixtures as dated matches: the round robin of
 * db/rules/round-robin.ts on match days `interval_days` apart from `start_date`, each kicking
 * off at `kickoff_time` in the league's time zone (so a 15:00 kick-off stays 15:00 on
 * both sides of a daylight-saving change), at the home team's ground. Matches already
 * reported are kept by the caller: each one stands for the planned fixture of the same
 * home and away teams (else the same pair the other way round), which is then not
 * planned again. Pure: the caller reads the teams and writes the matches.
 */
import { compareIds, compareNames } from './compare-names';
import { roundRobin } from '../../db/rules/round-robin';

export interface FixtureTeam {
  team_id: string;
  team_name: string;
  location: string;
}

export interface FixtureRequest {
  /** YYYY-MM-DD, the first match day in `time_zone`. */
  start_date: string;
  /** HH:MM in `time_zone`. */
  kickoff_time: string;
  interval_days: number;
  rounds: 1 | 2;
  /** An IANA time zone; UTC when not given. */
  time_zone?: string | undefined;
}

export interface PlannedFixture {
  /** 1-based match day. */
  round: number;
  /** ISO 8601 instant in UTC. */
  match_date: string;
  home_team: string;
  away_team: string;
  home_team_name: string;
  away_team_name: string;
  location: string;
}

/** True when `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in milliseconds (local minus UTC). */
export function offsetAt(zone: string, instant: number): number {
  let format = formatters.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(new Date(instant))) part[type] = Number(value);
  const local = Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock time in `zone`: the offset is taken at a first guess
 * and again at the instant it gives, which settles on the right side of a
 * daylight-saving change. (A time the clocks skip comes out an hour off; no kick-off
 * is at 02:30 on the night the clocks change.)
 */
export function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  zone: string,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - offsetAt(zone, wall);
  return new Date(wall - offsetAt(zone, guess));
}

/** The dated fixtures of a season, minus those the `kept` matches already stand for. */
export function planFixtures(
  teams: readonly FixtureTeam[],
  request: FixtureRequest,
  kept: readonly { home_team: string; away_team: string }[] = [],
  fallbackLocation = '',
): PlannedFixture[] {
  const ordered = [...teams].sort(
    (a, b) => compareNames(a.team_name, b.team_name) || compareIds(a.team_id, b.team_id),
  );
  const byId = new Map(ordered.map((team) => [team.team_id, team]));
  const [year, month, day] = request.start_date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = request.kickoff_time.split(':').map(Number) as [number, number];
  const zone = request.time_zone ?? 'UTC';
  const planned = roundRobin(
    ordered.map((team) => team.team_id),
    request.rounds,
  );
  const remaining = [...planned];
  for (const match of kept) {
    const same = remaining.findIndex((p) => p.home === match.home_team && p.away === match.away_team);
    const at =
      same >= 0 ? same : remaining.findIndex((p) => p.home === match.away_team && p.away === match.home_team);
    if (at >= 0) remaining.splice(at, 1);
  }
  return remaining.map((pairing) => {
    const home = byId.get(pairing.home) as FixtureTeam;
    const away = byId.get(pairing.away) as FixtureTeam;
    // Calendar days in the zone: Date.UTC rolls the day over months and years.
    const date = new Date(Date.UTC(year, month - 1, day + pairing.day * request.interval_days));
    const instant = zonedTime(
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      hour,
      minute,
      zone,
    );
    return {
      round: pairing.day + 1,
      match_date: instant.toISOString(),
      home_team: home.team_id,
      away_team: away.team_id,
      home_team_name: home.team_name,
      away_team_name: away.team_name,
      location: home.location.trim() || fallbackLocation,
    };
  });
}
