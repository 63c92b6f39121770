/**
 * /leagues/{leagueId}: a league's table, matches and leaderboards (spec "League
 * detail"), then its cards per player (Discipline). The season is the id's
 * "-YY" suffix when it has one, else the league record's own season, else the current year.
 */
import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { StatList } from '@/components/stat-list';
import { ErrorMessage, Loading } from '@/components/status';
import { TabPanel, Tabs, useTabParam, type TabItem } from '@/components/tabs';
import { useApi } from '@/hooks/use-api';
import { lazyPart } from '@/lib/lazy-component';
import type { League, LeaderRow } from '@/lib/api-types';
import { leagueTitleFromId, parseLeagueId, seasonFromLeagueId } from '../../../api/domain/league-id';
import { LeagueDiscipline } from './league-discipline';
import { LeagueMatches } from './league-matches';
import { LeagueTable } from './league-table';
import './leagues.css';
// The styles of a part loaded once the page runs come with the page: a stylesheet link
// added then made the browser restyle the page in one long task.
import '@/components/data-links.css';

// Calendar, CSV and the website snippet, once the page runs.
// The server renders it with the page; the browser hydrates it once its chunk is in.
const DataLinks = lazyPart(() => import('@/components/data-links').then((m) => m.DataLinks));

type TabKey = 'table' | 'matches' | 'scorers' | 'assists' | 'clean_sheets' | 'points' | 'discipline';
type StatKey = Exclude<TabKey, 'table' | 'matches' | 'discipline'>;

const TABS: readonly TabItem<TabKey>[] = [
  { key: 'table', label: 'Table' },
  { key: 'matches', label: 'Matches' },
  { key: 'scorers', label: 'Top Scorers' },
  { key: 'assists', label: 'Top Assist.' },
  { key: 'clean_sheets', label: 'Clean Sheets' },
  { key: 'points', label: 'Points' },
  { key: 'discipline', label: 'Discipline' },
];

/** What each leaderboard's figure counts, for screen readers. */
const STAT_LABEL: Record<StatKey, string> = {
  scorers: 'goals',
  assists: 'assists',
  clean_sheets: 'clean sheets',
  points: 'points',
};

type LeagueStats = Record<StatKey, LeaderRow[]>;

const TAB_KEYS = TABS.map((item) => item.key);

function isStatTab(tab: TabKey): tab is StatKey {
  return tab !== 'table' && tab !== 'matches' && tab !== 'discipline';
}

function BackLink() {
  return (
    <Link className="back-link" to="/leagues">
      ← View All Leagues
    </Link>
  );
}

export function LeaguePage() {
  const parsed = parseLeagueId(useParams().leagueId);
  if (!parsed.ok) {
    return (
      <section className="page leagues-detail">
        <BackLink />
        <ErrorMessage>{parsed.message}</ErrorMessage>
      </section>
    );
  }
  // Keyed by id so moving to another league starts on its Table tab.
  return <LeagueDetail key={parsed.id} leagueId={parsed.id} />;
}

function LeagueDetail({ leagueId }: { leagueId: string }) {
  const [tab, setTab, tabHref] = useTabParam(TAB_KEYS);
  const league = useApi<League>(`/api/leagues/${encodeURIComponent(leagueId)}`, { cache: true });
  const season =
    seasonFromLeagueId(leagueId) ??
    league.data?.season ??
    (league.loading ? null : String(new Date().getFullYear()));
  // One load serves the four leaderboard tabs; it starts when one of them is opened.
  const stats = useApi<LeagueStats>(
    isStatTab(tab) && season !== null
      ? `/api/leagues/${encodeURIComponent(leagueId)}/stats?season=${encodeURIComponent(season)}`
      : null,
  );

  return (
    <section className="page leagues-detail">
      <BackLink />
      <header className="page-header leagues-detail-header">
        <h1 className="page-title">{league.data?.league_name || leagueTitleFromId(leagueId)}</h1>
        {season !== null && <p className="page-subtitle">{season} Season</p>}
      </header>
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="League sections" hrefOf={tabHref} />
      <TabPanel tab={tab}>
        {season === null ? (
          <Loading />
        ) : tab === 'table' ? (
          <LeagueTable leagueId={leagueId} season={season} />
        ) : tab === 'matches' ? (
          <LeagueMatches leagueId={leagueId} season={season} />
        ) : tab === 'discipline' ? (
          <LeagueDiscipline leagueId={leagueId} season={season} />
        ) : stats.loading ? (
          <Loading label="Loading statistics..." />
        ) : stats.error ? (
          <ErrorMessage onRetry={stats.reload}>Failed to load league statistics</ErrorMessage>
        ) : (
          <StatList rows={stats.data?.[tab]} statLabel={STAT_LABEL[tab]} />
        )}
      </TabPanel>
      {league.data && (
        <Suspense fallback={null}>
          <DataLinks kind="league" id={league.data.league_id} name={league.data.league_name} />
        </Suspense>
      )}
    </section>
  );
}
