/**
 * What the write loads of the crash and backup tests write to, read from a server
 * seeded with the demo league: every played match without an approved result (a super
 * admin may report and re-report it), the demo team's upcoming matches (their squads)
 * and its roster (some of its players' shirt numbers).
 */
import { z } from 'zod';
import {
  MatchDetailsSchema,
  MatchPageSchema,
  MatchSchema,
  RosterPlayerSchema,
  type MatchDto,
  type MatchPageDto,
} from '../../api/schemas';

export const DEMO_TEAM = 'riverside.rovers';

/** A GET of `path` on the server, answered 200 and parsed with `schema`. */
export type GetJson = <T>(path: string, schema: z.ZodType<T>) => Promise<T>;

/** Every match of the database, following GET /api/matches's pages to the last. */
export async function everyMatch(get: GetJson): Promise<MatchDto[]> {
  const all: MatchDto[] = [];
  let cursor: string | null = null;
  do {
    const page: MatchPageDto = await get(
      `/api/matches${cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
      MatchPageSchema,
    );
    all.push(...page.matches);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return all;
}

export async function demoWriteTargets(get: GetJson) {
  const now = Date.now();
  const all = await everyMatch(get);
  const reportable = all.filter((m) => Date.parse(m.match_date) <= now && m.approved !== 'TRUE');
  const matches = await Promise.all(reportable.map((m) => get(`/api/matches/${m.id}`, MatchDetailsSchema)));
  const upcoming = await get(`/api/matches?future=true&team_id=${DEMO_TEAM}`, z.array(MatchSchema));
  const { players: roster } = await get(
    `/api/teams/${DEMO_TEAM}/roster`,
    z.object({ players: z.array(RosterPlayerSchema) }),
  );
  const worn = new Set(roster.map((p) => p.number));
  return {
    matches,
    upcoming,
    roster,
    rosterIds: roster.map((p) => p.id),
    /** The shirt numbers 0-99 no one on the roster wears. */
    freeNumbers: Array.from({ length: 100 }, (_, n) => n).filter((n) => !worn.has(n)),
  };
}
