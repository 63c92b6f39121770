/**
 * Team Management (spec section 2, super admins; a league admin for their leagues'
 * teams): create and delete teams, and pick a team to manage its details and roster
 * and invite its staff and players. A coach or owner has the same screen as My Club,
 * over their own team(s): the description, links, crest, players and invitations. On a wide screen the team cards and the roster sit side
 * by side; on a phone a searchable team picker collapses to the chosen team, with its
 * roster right under it.
 */
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { TeamLogo } from '@/components/images';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { useLoggedFailure } from '@/hooks/use-logged-failure';
import { usePhone } from '@/hooks/use-media-query';
import { ApiError, clearResponseCache } from '@/lib/api-client';
import type { Team, TeamSummary } from '@/lib/api-types';
import { adminsLeague, administeredLeagues, isSuperAdmin as superAdmin, staffsTeam } from '@/lib/rights';
import type { StoredUser } from '@/lib/storage';
import { sendStaffWrite } from '@/lib/staff-api';
import { TeamPicker } from './team-picker';
import { TeamRoster } from './team-roster';
import { AddTeamForm } from './team-form';
import { ClubDetails } from './club-form';
import { useToast } from '@/components/toast';

// The invitation form loads with the chosen team or league, not with the tab: the tab's
// first screen is the list, and the panel is as large again.
const InvitePanel = lazy(() => import('@/components/invite-panel').then((m) => ({ default: m.InvitePanel })));
const AvailabilityLinks = lazy(() =>
  import('./availability-links').then((m) => ({ default: m.AvailabilityLinks })),
);

export function TeamManagementTab({
  user,
  title = 'Team Management',
}: {
  user: StoredUser;
  /** 'My Club' for a coach or owner, who sees only the teams they run. */
  title?: string;
}) {
  const toast = useToast();
  const teams = useApi<{ teams: TeamSummary[] }>('/api/teams');
  // Logged as 'Failed to fetch teams', shown as 'Failed to load teams. …' (spec section 8).
  useLoggedFailure(teams.error, 'Failed to fetch teams');
  const [adding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // On a phone: the team list is open again over a chosen team ('Change team').
  const [picking, setPicking] = useState(false);
  const phone = usePhone();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<{ teamId: string; detail: string } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const refocusAdd = useRef(false);

  // A cancelled form hands the focus back to its button in the commit that shows it again.
  useLayoutEffect(() => {
    if (!refocusAdd.current || !addButton.current) return;
    refocusAdd.current = false;
    addButton.current.focus();
  });
  const isSuperAdmin = superAdmin(user);
  // A league admin adds teams to the leagues they run (the server asks which one).
  const leagues = administeredLeagues(user);
  const mayAdd = leagues === 'all' || leagues.length > 0;
  const mayDelete = (team: TeamSummary) => adminsLeague(user, team.league_id);

  // A league admin sees their leagues' teams (and any they coach); a super admin every team.
  const all = teams.data?.teams;
  const list = isSuperAdmin ? all : all?.filter((team) => staffsTeam(user, team));
  // One team (a coach's own, usually) is chosen from the start.
  const selected =
    list?.find((team) => team.team_id === selectedId) ?? (list?.length === 1 ? list[0] : null) ?? null;

  const closeForm = (created?: Team) => {
    setAdding(false);
    if (created) {
      teams.reload();
      // The next step after creating a team is its roster.
      setSelectedId(created.team_id);
      setPicking(false);
    } else {
      refocusAdd.current = true;
    }
  };

  const deleteTeam = async (team: TeamSummary) => {
    if (!window.confirm('Are you sure you want to delete this team?')) return;
    setDeleting(team.team_id);
    setDeleteFailure(null);
    try {
      await sendStaffWrite('DELETE', `/api/teams/${encodeURIComponent(team.team_id)}`);
      clearResponseCache(); // public screens cache the team list in memory
      toast('success', 'Team deleted successfully');
      if (selectedId === team.team_id) setSelectedId(null);
      teams.reload();
    } catch (error) {
      console.warn(error);
      toast('error', 'Failed to delete team');
      // A team with matches is refused (409); the reason tells the admin why.
      setDeleteFailure({
        teamId: team.team_id,
        detail: error instanceof ApiError ? error.detailText('') : '',
      });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="manager-tm">
      <div className="manager-section-head">
        <h2 className="manager-section-title">{title}</h2>
        {mayAdd && !adding && (
          <button ref={addButton} type="button" className="button" onClick={() => setAdding(true)}>
            Add New Team
          </button>
        )}
      </div>
      {adding && <AddTeamForm leagueIds={leagues === 'all' ? null : leagues} onClose={closeForm} />}

      <div className="manager-tm-layout">
        <section className="manager-tm-teams" aria-label="Teams">
          {teams.loading && !list ? (
            <Loading label="Loading teams..." />
          ) : teams.error ? (
            <ErrorMessage onRetry={teams.reload}>Failed to load teams. Please try again later.</ErrorMessage>
          ) : list && list.length === 0 ? (
            <EmptyMessage>No teams found.</EmptyMessage>
          ) : phone ? (
            <TeamPicker
              teams={list ?? []}
              selected={selected}
              picking={picking}
              mayDelete={mayDelete}
              deleting={deleting}
              deleteFailure={deleteFailure}
              onSelect={(teamId) => {
                setSelectedId(teamId);
                setPicking(false);
              }}
              onPicking={setPicking}
              onDelete={(team) => void deleteTeam(team)}
            />
          ) : (
            <ul className="manager-team-grid">
              {list?.map((team) => (
                <li
                  key={team.team_id}
                  className={
                    team.team_id === selected?.team_id ? 'manager-team-card is-selected' : 'manager-team-card'
                  }
                >
                  <button
                    type="button"
                    className="manager-team-select"
                    aria-pressed={team.team_id === selected?.team_id}
                    onClick={() => setSelectedId(team.team_id)}
                  >
                    {/* The crest repeats the name: keep it out of the button's name. */}
                    <span className="manager-team-crest" aria-hidden="true">
                      <TeamLogo logo={team.logo} name={team.team_name} size={40} />
                    </span>
                    <span className="manager-team-text">
                      {/* Spaces between the lines keep the button's accessible name readable. */}
                      <span className="manager-team-name">{team.team_name}</span>{' '}
                      <span className="manager-team-location">{team.location}</span>{' '}
                      {team.description && (
                        <span className="manager-team-description">{team.description}</span>
                      )}
                    </span>
                  </button>
                  {mayDelete(team) && (
                    <div className="manager-team-actions">
                      <button
                        type="button"
                        className="button button-secondary manager-small-button manager-button-danger"
                        aria-label={`Delete Team ${team.team_name}`}
                        disabled={deleting === team.team_id}
                        onClick={() => void deleteTeam(team)}
                      >
                        Delete Team
                      </button>
                    </div>
                  )}
                  {deleteFailure?.teamId === team.team_id && deleteFailure.detail && (
                    <p className="manager-inline-error" role="alert">
                      {deleteFailure.detail}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        {/* A phone's picker says what to do until a team is chosen. */}
        {selected && !(phone && picking) ? (
          <div className="manager-tm-roster">
            <ClubDetails
              key={`club-${selected.team_id}`}
              team={selected}
              mayRename={adminsLeague(user, selected.league_id)}
              onChanged={teams.reload}
            />
            <TeamRoster
              key={selected.team_id}
              team={selected}
              transferTeams={
                selected.league_id !== null && adminsLeague(user, selected.league_id)
                  ? all?.filter((team) => team.league_id === selected.league_id)
                  : undefined
              }
            />
            <Suspense fallback={<Loading label="Loading invitations..." />}>
              <InvitePanel
                key={`invite-${selected.team_id}`}
                scope={{ kind: 'team', teamId: selected.team_id }}
                title={`Invite to ${selected.team_name}`}
              />
            </Suspense>
            <Suspense fallback={<Loading label="Loading links..." />}>
              <AvailabilityLinks key={`links-${selected.team_id}`} team={selected} />
            </Suspense>
          </div>
        ) : (
          !phone && (
            <div className="manager-tm-roster">
              <p className="status status-empty manager-tm-hint">Select a team to manage its roster.</p>
            </div>
          )
        )}
      </div>
    </div>
  );
}
