/**
 * Team profile (spec section 2): crest, name, location and description, the
 * favourite star, the tabs (Squad, Matches, four leaderboards, League) with a season
 * dropdown on Matches and the leaderboards, and the results panel.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { TeamLogo } from '@/components/images';
import { WhenNear } from '@/components/when-near';
import { SeasonSelect } from '@/components/season-select';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { TabPanel, Tabs, useTabParam } from '@/components/tabs';
import { useApi } from '@/hooks/use-api';
import { useLoggedFailure } from '@/hooks/use-logged-failure';
import { ApiError } from '@/lib/api-client';
import type { Team } from '@/lib/api-types';
import { useServerRedirect } from '@/lib/server-answers';
import { storage } from '@/lib/storage';
import { FavouriteButton } from './favourite-button';
import { leagueIdOf } from '../../../api/domain/league-id';
import { teamApi } from './team-ids';
import { MatchesTab } from './team-matches';
import { SquadTab } from './team-squad';
import { TeamOfflineRow } from './team-offline';
import { STAT_TABS, StatsTab, type StatTab } from './team-stats';
import './teams.css';
// The styles of a part loaded once the page runs come with the page: a stylesheet link
// added then made the browser restyle the page in one long task.
import '@/components/data-links.css';
import '@/components/results-panel.css';

// The latest result, news and video beside (desk) or under (phone) the tabs, once the page
// runs and the reader is near them: the first paint is the team and its squad, and their
// code stays out of it.
// Then the calendar, CSV and the website snippet: one chunk for both.
const TeamAside = lazy(() => import('./team-aside').then((m) => ({ default: m.TeamAside })));

const TAB_KEYS = ['Squad', 'Matches', 'TopScorers', 'TopAssists', 'CleanSheets', 'Points', 'League'] as const;
type TabKey = (typeof TAB_KEYS)[number];
const TABS = TAB_KEYS.map((key) => ({ key, label: key }));

function isStatTab(tab: TabKey): tab is StatTab {
  return tab in STAT_TABS;
}

export function TeamPage() {
  const { teamId = '' } = useParams();
  // A new team starts afresh: first tab, its own seasons.
  return <TeamProfile key={teamId} teamId={teamId} />;
}

function TeamProfile({ teamId }: { teamId: string }) {
  const navigate = useNavigate();
  const team = useApi<Team>(teamApi(teamId));
  useLoggedFailure(
    team.error,
    team.error instanceof ApiError
      ? `Failed to fetch team data: ${team.error.status}`
      : 'Failed to fetch team data',
  );

  const viewAllTeams = () => {
    storage.setViewingAllTeams(true);
    navigate('/teams');
  };

  return (
    <section className="page team-page">
      <div className="team-topbar">
        <button type="button" className="button button-secondary team-back" onClick={viewAllTeams}>
          ← View All Teams
        </button>
      </div>
      {team.loading ? (
        <Loading label="Loading team..." />
      ) : team.error || !team.data ? (
        team.error instanceof ApiError && team.error.status === 404 ? (
          <EmptyMessage>Team not found</EmptyMessage>
        ) : (
          <ErrorMessage onRetry={team.reload}>Failed to fetch team data</ErrorMessage>
        )
      ) : (
        <TeamDetails team={team.data} />
      )}
    </section>
  );
}

/**
 * Seasons with matches, newest first; on failure the current year and 2025 (spec
 * section 7), and the failure is logged (spec section 8).
 */
function useSeasons(teamId: string): string[] | undefined {
  const seasons = useApi<{ seasons: string[] }>(teamApi(teamId, '/seasons'));
  const said = seasons.error instanceof ApiError ? seasons.error.bodyText() : '';
  useLoggedFailure(seasons.error, said ? `Failed to fetch seasons: ${said}` : 'Failed to fetch seasons');
  return useMemo(() => {
    if (seasons.loading) return undefined;
    const current = String(new Date().getFullYear());
    if (seasons.error || !seasons.data) return [...new Set([current, '2025'])];
    return seasons.data.seasons.length > 0 ? seasons.data.seasons : [current];
  }, [seasons.loading, seasons.error, seasons.data]);
}

function TeamDetails({ team }: { team: Team }) {
  const [tab, setTab, tabHref] = useTabParam(TAB_KEYS);
  const seasons = useSeasons(team.team_id);
  const [chosenSeason, setChosenSeason] = useState<string | null>(null);
  const season = chosenSeason ?? seasons?.[0];
  const seasonal = tab === 'Matches' || isStatTab(tab);

  return (
    <>
      <header className="card team-hero">
        <TeamLogo logo={team.logo} name={team.team_name} size={88} />
        <div className="team-hero-text">
          <h1 className="page-title team-hero-name">{team.team_name}</h1>
          {team.location && <p className="team-hero-location">{team.location}</p>}
          {team.league_name && <p className="badge team-hero-league">{team.league_name}</p>}
        </div>
        <FavouriteButton teamId={team.team_id} teamName={team.team_name} />
        {team.description && <p className="team-hero-description">{team.description}</p>}
        <TeamOfflineRow teamId={team.team_id} />
      </header>

      <div className="team-layout">
        <div className="team-main">
          <Tabs
            tabs={TABS}
            active={tab}
            onChange={setTab}
            label={`${team.team_name} sections`}
            hrefOf={tabHref}
          />
          <TabPanel tab={tab}>
            {seasonal && seasons && season && (
              <div className="team-season">
                <SeasonSelect seasons={seasons} value={season} onChange={setChosenSeason} />
              </div>
            )}
            {tab === 'Squad' && <SquadTab teamId={team.team_id} />}
            {seasonal && !season && <Loading label="Loading seasons..." />}
            {tab === 'Matches' && season && <MatchesTab teamId={team.team_id} season={season} />}
            {isStatTab(tab) && season && <StatsTab teamId={team.team_id} season={season} tab={tab} />}
            {tab === 'League' && <LeagueTab leagueId={leagueIdOf(team.league_id)} />}
          </TabPanel>
        </div>
        {/* Beside the tabs on a desk, it comes at once; under them on a phone, when scrolled to. */}
        <WhenNear as="aside" className="team-aside" aria-label="Latest">
          {/* No placeholder: under the tabs on a phone, the tab's content coming would move it. */}
          <Suspense fallback={null}>
            <TeamAside teamId={team.team_id} teamName={team.team_name} />
          </Suspense>
        </WhenNear>
      </div>
    </>
  );
}

function LeagueTab({ leagueId }: { leagueId: string | null }) {
  const to = leagueId ? `/leagues/${encodeURIComponent(leagueId)}` : null;
  // Opened from a link, the tab is the league's page: the server sends the browser there.
  useServerRedirect(to);
  if (to === null) return <EmptyMessage>League information not available</EmptyMessage>;
  return <Navigate to={to} />;
}
