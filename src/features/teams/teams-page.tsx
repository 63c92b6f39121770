/**
 * All Teams (spec section 2): the teams of the current calendar year's leagues,
 * grouped under a heading per league. A signed-in user with a team goes straight to
 * their own team unless they asked to see all teams ('← View All Teams' sets the
 * flag); the flag is removed once honoured, so the next visit redirects again.
 *
 * It asks for what it shows: the season's leagues and the teams of those leagues
 * (`/api/teams?season=`), not every team of every season. The screen has no paging, so
 * neither do its reads. 'Save for offline' keeps both URLs (src/lib/save-team.ts).
 */
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { TeamLogo } from '@/components/images';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { League, TeamSummary } from '@/lib/api-types';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { leagueIdOf } from '../../../api/domain/league-id';
import { teamPath } from './team-ids';
import './teams.css';
import { PageHeader } from '@/components/page-header';

export function TeamsPage() {
  const { user } = useSession();
  // Read once: the flag is cleared below, and re-renders must not redirect after all.
  const [viewingAll] = useState(() => storage.viewingAllTeams());
  const ownTeam = user?.team_id && !viewingAll ? user.team_id : null;

  useEffect(() => {
    if (viewingAll) storage.setViewingAllTeams(false);
  }, [viewingAll]);

  if (ownTeam) return <Navigate to={teamPath(ownTeam)} replace />;
  return <AllTeams />;
}

function AllTeams() {
  const season = String(new Date().getFullYear());
  // Cached in memory (5 minutes): a later visit shows the last good answer even offline.
  const leagues = useApi<{ leagues: League[] }>(`/api/leagues?season=${season}`, { cache: true });
  const teams = useApi<{ teams: TeamSummary[] }>(`/api/teams?season=${season}`, { cache: true });

  return (
    <section className="page teams-page">
      <PageHeader title="Teams" subtitle="All Teams" />
      <TeamsBody
        leagues={leagues.data?.leagues}
        teams={teams.data?.teams}
        loading={leagues.loading || teams.loading}
        failed={Boolean(leagues.error ?? teams.error)}
        retry={() => {
          if (leagues.error) leagues.reload();
          if (teams.error) teams.reload();
        }}
      />
    </section>
  );
}

function TeamsBody({
  leagues,
  teams,
  loading,
  failed,
  retry,
}: {
  leagues: League[] | undefined;
  teams: TeamSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}) {
  if (loading) return <Loading label="Loading teams..." />;
  const error = failed && (
    <ErrorMessage onRetry={retry}>Error loading teams. Using cached data if available.</ErrorMessage>
  );
  // Both lists are needed to group; without one there is nothing true to show.
  if (!leagues || !teams) return error || null;
  if (leagues.length === 0) {
    return (
      <>
        {error}
        <EmptyMessage>No leagues or teams found.</EmptyMessage>
      </>
    );
  }
  return (
    <>
      {error}
      {leagues.map((league) => (
        <LeagueGroup
          key={league.league_id}
          league={league}
          teams={teams.filter((team) => leagueIdOf(team.league_id) === league.league_id)}
        />
      ))}
    </>
  );
}

function LeagueGroup({ league, teams }: { league: League; teams: TeamSummary[] }) {
  const headingId = `teams-league-${league.league_id}`;
  return (
    <section className="teams-league" aria-labelledby={headingId}>
      <h2 id={headingId} className="teams-league-title">
        {league.league_name}
      </h2>
      <p className="teams-league-meta muted">
        {league.season} Season{league.location && ` · ${league.location}`}
      </p>
      {teams.length === 0 ? (
        <EmptyMessage>No teams found for this league.</EmptyMessage>
      ) : (
        <ul className="teams-grid">
          {teams.map((team) => (
            <li key={team.team_id}>
              <Link className="card teams-card" to={teamPath(team.team_id)} aria-label={team.team_name}>
                <TeamLogo logo={team.logo} name={team.team_name} size={56} />
                <span className="teams-card-name">{team.team_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
