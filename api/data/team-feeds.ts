/**
 * The addresses teams have published on their records (website, news feed, video
 * channel): the only addresses the team news and video calls fetch, so the server
 * reads what a league has put on its teams, never whatever a caller names.
 *
 * No index can find an address in any spelling, so every published address is held in
 * memory, per database, and read whole again only after the teams table has changed
 * (its data version, migration 0002): a feed call then costs one primary-key read, not
 * a scan of every team.
 */
import type { DB } from '../../db/connection';
import { first, rows } from '../../db/store';

/** What an address is fetched for: news (a website or a news feed), or the latest video. */
export type FeedUse = 'news' | 'video';

const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * One spelling of an address for comparing: trimmed, the scheme and host in lower case
 * (they are case-insensitive), without a trailing slash. The rest keeps its case: a
 * path and a query may mean something else in another case.
 */
export function publishedForm(address: string): string {
  const trimmed = address.trim();
  const origin = ORIGIN.exec(trimmed)?.[0] ?? '';
  const form = origin.toLowerCase() + trimmed.slice(origin.length);
  return form.endsWith('/') ? form.slice(0, -1) : form;
}

type Published = Record<FeedUse, ReadonlySet<string>>;

/** The addresses read at a version of the teams table, per database (instances share nothing else). */
const held = new WeakMap<DB, { version: number; published: Promise<Published> }>();

async function teamsVersion(db: DB): Promise<number> {
  const row = await first(
    db,
    db.selectFrom('data_version').select('version').where('table_name', '=', 'teams'),
  );
  return row?.version ?? 0;
}

async function readPublished(db: DB): Promise<Published> {
  const teams = await rows(
    db,
    db
      .selectFrom('teams')
      .select(['website', 'news_url', 'youtube_channel'])
      .where((eb) =>
        eb.or([
          eb('website', 'is not', null),
          eb('news_url', 'is not', null),
          eb('youtube_channel', 'is not', null),
        ]),
      ),
  );
  const news = new Set<string>();
  const video = new Set<string>();
  for (const team of teams) {
    for (const address of [team.website, team.news_url])
      if (address !== null) news.add(publishedForm(address));
    if (team.youtube_channel !== null) video.add(publishedForm(team.youtube_channel));
  }
  return { news, video };
}

/** Whether some team has published `address` (in any spelling publishedForm equates) for this use. */
export async function teamPublishes(db: DB, use: FeedUse, address: string): Promise<boolean> {
  const wanted = publishedForm(address);
  if (wanted === '') return false;
  // The version is read before the teams: a change in between is seen by the next call.
  const version = await teamsVersion(db);
  let entry = held.get(db);
  if (entry?.version !== version) {
    const published = readPublished(db);
    entry = { version, published };
    held.set(db, entry);
    // A failed read is not kept: the next call reads again.
    published.catch(() => {
      if (held.get(db) === entry) held.delete(db);
    });
  }
  return (await entry.published)[use].has(wanted);
}
