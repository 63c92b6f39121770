/**
 * The chosen team's roster on the Team Management tab: players grouped by general
 * position (GK, DEF, MID, FW, then coaches and others), each with Edit and Delete,
 * and the inline add/edit form. The roster loads after the 300 ms pause of spec
 * section 9, so clicking through team cards sends one request, for the last card.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { RosterImport } from '@/components/roster-import';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useToast } from '@/components/toast';
import { useLoggedFailure } from '@/hooks/use-logged-failure';
import { ApiError, clearResponseCache } from '@/lib/api-client';
import type { RosterPlayer, TeamSummary } from '@/lib/api-types';
import { sendStaffWrite } from '@/lib/staff-api';
import { loadRoster, usePausedLoad } from '../shared/staff-loads';
import { PlayerForm } from './player-form';
import { plural } from '../../../../db/rules/words';

const GROUPS = [
  { title: 'Goalkeepers', generals: ['GK'] },
  { title: 'Defenders', generals: ['DEF'] },
  { title: 'Midfielders', generals: ['MID'] },
  { title: 'Forwards', generals: ['FW'] },
] as const;

interface Group {
  title: string;
  players: RosterPlayer[];
}

/** Spec section 9: GK, DEF, MID, FW, others last; by number within a group. */
export function groupRoster(players: readonly RosterPlayer[]): Group[] {
  const byNumber = (a: RosterPlayer, b: RosterPlayer) => a.number - b.number || a.name.localeCompare(b.name);
  const known = new Set<string>(GROUPS.flatMap((group) => group.generals));
  const groups: Group[] = GROUPS.map((group) => ({
    title: group.title,
    players: players
      .filter((player) => (group.generals as readonly string[]).includes(player.position_general))
      .sort(byNumber),
  }));
  groups.push({
    title: 'Coaches & Others',
    players: players.filter((player) => !known.has(player.position_general)).sort(byNumber),
  });
  return groups;
}

type FormState = { mode: 'add' } | { mode: 'edit'; player: RosterPlayer } | null;

export function TeamRoster({
  team,
  transferTeams,
}: {
  team: TeamSummary;
  /** The teams of the league, when the user runs it: a player may be moved to one. */
  transferTeams?: readonly TeamSummary[] | undefined;
}) {
  const toast = useToast();
  const roster = usePausedLoad(team.team_id, loadRoster);
  // Logged as 'Failed to load roster data', shown as 'Failed to load roster. …' (spec section 8).
  useLoggedFailure(roster.error, 'Failed to load roster data');
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const section = useRef<HTMLElement>(null);
  /** The player whose Edit button opened the form just closed, or 'Add Player'. */
  const refocus = useRef<string | null>(null);

  // A newly chosen team's roster may be far below its card on a phone: go there.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // A closed form hands the focus back to the button that opened it, once that is shown again:
  // in the commit that shows it (a layout effect), so no frame has the focus on the page itself.
  useLayoutEffect(() => {
    const label = refocus.current;
    // After a save, wait for the reloaded roster: the player's row may move to another group.
    if (label === null || roster.loading) return;
    const opener =
      label === 'Add Player'
        ? addButton.current
        : [...(section.current?.querySelectorAll('button') ?? [])].find(
            (button) => button.getAttribute('data-edit') === label,
          );
    refocus.current = null;
    // A player moved to another team has no row here any more: the roster's heading instead.
    (opener ?? heading.current)?.focus();
  });

  const closeForm = (saved: boolean) => {
    // By id: a renamed player's Edit button has another name.
    const opener = form?.mode === 'edit' ? form.player.id : 'Add Player';
    setForm(null);
    if (saved) roster.reload();
    refocus.current = opener;
  };

  const deletePlayer = async (player: RosterPlayer) => {
    if (!window.confirm('Are you sure you want to delete this player?')) return;
    setDeleting(player.id);
    setFailure('');
    try {
      await sendStaffWrite(
        'DELETE',
        `/api/teams/${encodeURIComponent(team.team_id)}/players/${encodeURIComponent(player.id)}`,
      );
      clearResponseCache(); // team pages cache rosters in memory
      toast('success', 'Player deleted successfully');
      if (form?.mode === 'edit' && form.player.id === player.id) setForm(null);
      roster.reload();
    } catch (error) {
      console.warn(error);
      toast('error', 'Failed to delete player');
      setFailure(error instanceof ApiError ? error.detailText('') : '');
    } finally {
      setDeleting(null);
    }
  };

  const players = roster.data?.players;
  const coaches = roster.data?.coaches ?? [];
  const count = players?.length ?? 0;

  return (
    <section ref={section} className="card manager-roster" aria-labelledby="manager-roster-title">
      <div className="manager-roster-head">
        <div>
          <h3 id="manager-roster-title" ref={heading} tabIndex={-1} className="manager-roster-title">
            {team.team_name} roster
          </h3>
          {players && <p className="manager-roster-count">{plural(count, 'player')}</p>}
        </div>
        {form?.mode !== 'add' && (
          <button ref={addButton} type="button" className="button" onClick={() => setForm({ mode: 'add' })}>
            Add Player
          </button>
        )}
      </div>

      {form?.mode === 'add' && <PlayerForm teamId={team.team_id} onClose={closeForm} />}
      {failure && (
        <p className="manager-inline-error" role="alert">
          {failure}
        </p>
      )}

      {roster.loading && !roster.data ? (
        <Loading label="Loading roster..." />
      ) : roster.error ? (
        <ErrorMessage onRetry={roster.reload}>Failed to load roster. Please try again later.</ErrorMessage>
      ) : players && players.length === 0 && coaches.length === 0 ? (
        <EmptyMessage>No players found for this team.</EmptyMessage>
      ) : (
        groupRoster(players ?? []).map((group, index, all) => {
          const last = index === all.length - 1;
          if (group.players.length === 0 && !(last && coaches.length > 0)) return null;
          const titleId = `manager-group-${index}`;
          return (
            <section key={group.title} className="manager-roster-group" aria-labelledby={titleId}>
              <h4 id={titleId} className="manager-roster-group-title">
                {group.title}
              </h4>
              <ul className="manager-player-list">
                {group.players.map((player) =>
                  form?.mode === 'edit' && form.player.id === player.id ? (
                    <li key={player.id}>
                      <PlayerForm
                        teamId={team.team_id}
                        player={player}
                        transferTeams={transferTeams}
                        onClose={closeForm}
                      />
                    </li>
                  ) : (
                    <li key={player.id} className="manager-player">
                      <span className="manager-player-number" aria-label={`Number ${player.number}`}>
                        {player.number}
                      </span>
                      <span className="manager-player-who">
                        <span className="manager-player-name">{player.name}</span>
                        <span className="manager-player-position">{player.position}</span>
                      </span>
                      <span className="manager-player-actions">
                        <button
                          type="button"
                          className="button button-secondary manager-small-button"
                          aria-label={`Edit ${player.name}`}
                          data-edit={player.id}
                          onClick={() => setForm({ mode: 'edit', player })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button-secondary manager-small-button manager-button-danger"
                          aria-label={`Delete ${player.name}`}
                          disabled={deleting === player.id}
                          onClick={() => void deletePlayer(player)}
                        >
                          Delete
                        </button>
                      </span>
                    </li>
                  ),
                )}
                {/* Staff from the coaches list: shown for a full picture, edited in the admin dashboard. */}
                {last &&
                  coaches.map((coach) => (
                    <li key={`coach-${coach.id}`} className="manager-player manager-staff">
                      <span className="manager-player-number" aria-hidden="true">
                        –
                      </span>
                      <span className="manager-player-who">
                        <span className="manager-player-name">{coach.name}</span>
                        <span className="manager-player-position">{coach.role} · staff</span>
                      </span>
                    </li>
                  ))}
              </ul>
            </section>
          );
        })
      )}
      <RosterImport
        teamId={team.team_id}
        onImported={() => {
          clearResponseCache();
          roster.reload();
        }}
      />
    </section>
  );
}
