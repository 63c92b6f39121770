/**
 * Team Selection tab (spec sections 2, 4, 5 and 9): choose the team (a super_admin
 * any, a league admin their leagues', a coach of two teams one of them; staff with one
 * team have it chosen), one of its upcoming or unapproved matches, and tick 7 to 18
 * roster players as the match-day squad. A player suspended for the chosen match
 * is greyed and cannot be ticked; without the suspensions (a failed load)
 * every player can be, and the server refuses a banned one when the squad is saved.
 */
import { useId, useState } from 'react';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { SuspensionBadge } from '@/components/suspension-badge';
import { useApi } from '@/hooks/use-api';
import { ApiError, apiJson } from '@/lib/api-client';
import type { Match, RosterPlayer } from '@/lib/api-types';
import type { StoredUser } from '@/lib/storage';
import { isSuspendedFor } from '@/lib/suspension-rule';
import { suspensionsOf, suspensionsPath, type SuspensionsAnswer } from '@/lib/suspensions';
import { playerSuspension } from '../../../../db/rules/suspensions';
import {
  LOAD_PAUSE_MS,
  loadMatch,
  loadRoster,
  loadTeamMatches,
  usePausedLoad,
  useStaffTeams,
  type Roster,
} from '../shared/staff-loads';
import { TeamCards } from '../shared/team-cards';
import { isSelectableForTeamSelection } from '../../../../api/domain/match-time';
import {
  isSquadLocked,
  isSquadSize,
  plural,
  SQUAD_LOCKED,
  SQUAD_MAX,
  SQUAD_MIN,
} from '../../../../api/domain/report-rules';
import { matchTitle } from '../shared/match-labels';
import { SAVED_OFFLINE, submitStaffWrite } from '@/lib/page-outbox';
import { useToast } from '@/components/toast';
import { availablePlayers, AvailabilitySummary, PlayerAnswer, useTeamAvailability } from './availability';
import '../shared/match-forms.css';
import './team-selection.css';
import { MatchPicker } from '../shared/match-picker';

/**
 * The team's upcoming matches (GET /api/matches?team_id=…&future=true, as the spec's
 * screen calls it) plus all its matches (for the unapproved past ones), once each.
 */
async function loadSelectionMatches(teamId: string, signal: AbortSignal): Promise<Match[]> {
  const id = encodeURIComponent(teamId);
  const [upcoming, all] = await Promise.all([
    apiJson<Match[]>(`/api/matches?team_id=${id}&future=true`, { signal }),
    loadTeamMatches(teamId, signal),
  ]);
  const byId = new Map<number, Match>();
  for (const match of [...upcoming, ...all]) byId.set(match.id, match);
  return [...byId.values()];
}

/**
 * The saved squad to start from, or nothing. GET /api/matches/{id} gives the saved
 * squad, but falls back to the whole current roster when none is saved, and the two
 * cannot be told apart by shape. A saved squad always has 7 to 18 players (the server
 * refuses anything else), so only a list of that size that is smaller than the roster
 * is taken as saved; anything else starts empty rather than ticking the whole roster.
 * (A squad saved as the entire roster is the one case this misses.)
 */
function savedSquad(match: Match, teamId: string, roster: RosterPlayer[]): string[] {
  const onRoster = new Set(roster.map((player) => player.id));
  const side = match.home_team === teamId ? match.home_players : match.away_players;
  const squad = [...new Set(side)].filter((id) => onRoster.has(id));
  const plausible = isSquadSize(squad.length) && squad.length < roster.length;
  return plausible ? squad : [];
}

/** The server's detail, else the status text (ApiError's message is '{status} {text}'). */
function failureReason(error: unknown): string {
  if (error instanceof ApiError)
    return error.detailText(error.message.replace(/^\d+\s*/, '') || String(error.status));
  return error instanceof Error ? error.message : String(error);
}

/** The Team Selection option: a match without an approved result is '(Pending)'. */
export function selectionOptionLabel(match: Match, teamId: string, now: Date): string {
  return `${matchTitle(match, teamId, now)}${match.approved === 'TRUE' ? '' : ' (Pending)'}`;
}

function selectedText(count: number): string {
  return `Selected: ${plural(count, 'player')} (minimum ${SQUAD_MIN}, maximum ${SQUAD_MAX})`;
}

export function TeamSelectionTab({ user }: { user: StoredUser }) {
  const toast = useToast();
  const teams = useStaffTeams(user);
  const titleId = useId();
  const matchFieldId = useId();
  const badgeId = useId();

  const [chosenTeam, setChosenTeam] = useState('');
  // Staff with one team work for it only, chosen for them.
  const teamId = teams.chooses ? chosenTeam : (teams.ownTeam ?? '');
  const [matchId, setMatchId] = useState('');
  const [selection, setSelection] = useState<{ matchId: string; ids: string[] } | null>(null);
  // What this screen saved, per match: it wins over an answer loaded before the save.
  const [saved, setSaved] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  // Whether saving tells the players not picked too (the picked are always told).
  const [tellOthers, setTellOthers] = useState(false);
  // How many players the last save told of their place, per match.
  const [told, setTold] = useState<Record<string, number>>({});

  const matches = usePausedLoad(teamId || null, loadSelectionMatches);
  const roster = usePausedLoad<Roster>(teamId || null, loadRoster);
  const detail = usePausedLoad(matchId || null, loadMatch);
  // A public read by path, so the offline store serves it and the worker's news updates it.
  const suspensions = useApi<SuspensionsAnswer>(teamId ? suspensionsPath(teamId) : null, {
    delayMs: LOAD_PAUSE_MS,
  });

  const availability = useTeamAvailability(matchId, teamId);
  const answers = new Map((availability.data?.players ?? []).map((row) => [row.player_id, row]));

  const players = roster.data?.players;
  const ready = matchId !== '' && players !== undefined && (saved[matchId] ?? detail.data) !== undefined;
  // A newly chosen match starts from its saved squad.
  if (ready && selection?.matchId !== matchId) {
    setSelection({
      matchId,
      ids: saved[matchId] ?? (detail.data ? savedSquad(detail.data, teamId, players) : []),
    });
  }

  if (teams.noTeam) return <EmptyMessage>No team found for your account</EmptyMessage>;

  const now = new Date();
  const options = (matches.data ?? [])
    .filter((match) => isSelectableForTeamSelection(match, teamId, now))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const match = options.find((candidate) => String(candidate.id) === matchId);
  const locked = match !== undefined && isSquadLocked(match.approved);
  const bans = suspensionsOf(suspensions.data);
  const suspended = new Set(
    match && players
      ? players
          .filter((player) => isSuspendedFor(bans, player.id, match.id, matches.data ?? [], now))
          .map((player) => player.id)
      : [],
  );
  // A suspended player is never in the squad, even one a saved squad (or a tick made
  // before the suspensions arrived) names: the server would refuse the whole squad.
  const chosen = selection?.matchId === matchId ? selection.ids.filter((id) => !suspended.has(id)) : null;
  const count = chosen?.length ?? 0;
  const canSave = matchId !== '' && chosen !== null && !locked && !saving && isSquadSize(count);

  const chooseTeam = (next: string) => {
    // A new team starts over: no match, nobody ticked.
    setChosenTeam(next);
    setMatchId('');
    setSelection(null);
  };
  const chooseMatch = (next: string) => {
    setMatchId(next);
    setSelection(null);
  };
  const selectAvailable = () => {
    if (!availability.data || !players) return;
    const ids = availablePlayers(
      availability.data,
      players.map((player) => player.id),
    ).slice(0, SQUAD_MAX);
    setSelection({ matchId, ids });
    if (ids.length < SQUAD_MIN)
      toast('info', `${plural(ids.length, 'player')} available: pick at least ${SQUAD_MIN}`);
  };
  const toggle = (id: string, on: boolean) => {
    if (!chosen) return;
    setSelection({ matchId, ids: on ? [...chosen, id] : chosen.filter((other) => other !== id) });
  };

  const save = async () => {
    if (!canSave || !chosen) return;
    // Roster order, so the squad reads the same wherever it is shown.
    const order = players ?? [];
    const ids = order.map((player) => player.id).filter((id) => chosen.includes(id));
    setSaving(true);
    try {
      // Without a connection the squad waits in the outbox and is sent later, once.
      const result = await submitStaffWrite<{ told: number }>({
        kind: 'team-selection',
        method: 'PUT',
        path: `/api/teams/${encodeURIComponent(teamId)}/matches/${encodeURIComponent(matchId)}/roster`,
        body: { players: ids, ...(tellOthers && { tell_others: true }) },
        label: `${plural(ids.length, 'player')}${match ? ` · ${matchTitle(match, teamId, new Date())}` : ''}`,
      });
      setSaved((all) => ({ ...all, [matchId]: ids }));
      if (!result.queued) setTold((all) => ({ ...all, [matchId]: result.data.told }));
      toast(
        result.queued ? 'info' : 'success',
        result.queued ? SAVED_OFFLINE : 'Team selection saved successfully',
      );
    } catch (error) {
      console.warn(error); // handled: the toast shows it
      toast('error', `Failed to save team selection: ${failureReason(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="selection" aria-labelledby={titleId}>
      <header className="report-header">
        <h2 id={titleId}>Team Selection</h2>
        <p className="muted">
          Pick the match-day squad: {SQUAD_MIN} to {SQUAD_MAX} players.
        </p>
      </header>

      <TeamCards teams={teams} teamId={teamId} onChoose={chooseTeam} />

      {teamId && teams.teams && (
        <div className="card selection-panel">
          <MatchPicker
            id={matchFieldId}
            matches={matches}
            offered={options}
            empty="No upcoming or unapproved matches"
            value={matchId}
            label={(option) => selectionOptionLabel(option, teamId, now)}
            onChoose={chooseMatch}
          >
            {options.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {selectionOptionLabel(option, teamId, now)}
              </option>
            ))}
          </MatchPicker>

          {roster.error ? (
            <ErrorMessage onRetry={roster.reload}>
              Failed to load players. Please try again later.
            </ErrorMessage>
          ) : matchId === '' ? (
            matches.data && options.length > 0 && <p className="muted">Choose a match to pick its squad.</p>
          ) : detail.error && saved[matchId] === undefined ? (
            <ErrorMessage onRetry={detail.reload}>Failed to load match details</ErrorMessage>
          ) : !players || chosen === null ? (
            <Loading label="Loading players..." />
          ) : players.length === 0 ? (
            <EmptyMessage>No players found for this team.</EmptyMessage>
          ) : (
            <>
              {locked && <p className="report-note">{SQUAD_LOCKED}</p>}
              {availability.data && (
                <AvailabilitySummary
                  data={availability.data}
                  disabled={locked || saving}
                  onSelectAvailable={selectAvailable}
                  onDeadlineChanged={availability.reload}
                  onMessage={toast}
                />
              )}
              <fieldset className="selection-players" disabled={locked || saving}>
                <legend>Players</legend>
                <ul>
                  {players.map((player, index) => {
                    const ban = suspended.has(player.id) ? playerSuspension(bans, player.id) : undefined;
                    const banId = `${badgeId}-${index}`;
                    return (
                      <li key={player.id}>
                        <label
                          className={ban ? 'selection-player selection-player-suspended' : 'selection-player'}
                        >
                          <input
                            type="checkbox"
                            // The visible number, name and position, read in a sensible order.
                            aria-label={`${player.name} (#${player.number}, ${player.position})`}
                            // Why it cannot be ticked: 'Suspended – 1 match (Red card)'.
                            aria-describedby={ban ? banId : undefined}
                            checked={!ban && chosen.includes(player.id)}
                            disabled={ban !== undefined}
                            onChange={(event) => toggle(player.id, event.target.checked)}
                          />
                          <span className="report-number">{player.number}</span>
                          <span className="report-player-text">
                            <span className="report-player-name">{player.name}</span>
                            <span className="report-player-position">{player.position}</span>
                            {availability.data && <PlayerAnswer row={answers.get(player.id)} />}
                            {ban && <SuspensionBadge id={banId} suspension={ban} />}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
              <div className="selection-footer">
                <p
                  className={isSquadSize(count) ? 'selection-count' : 'selection-count selection-count-off'}
                  aria-live="polite"
                >
                  {selectedText(count)}
                </p>
                {match && Date.parse(match.date) > now.getTime() && (
                  <label className="selection-tell-others">
                    <input
                      type="checkbox"
                      checked={tellOthers}
                      disabled={locked || saving}
                      onChange={(event) => setTellOthers(event.target.checked)}
                    />
                    Also tell the players not picked
                  </label>
                )}
                <button type="button" className="button" disabled={!canSave} onClick={() => void save()}>
                  Save Team Selection
                </button>
                {told[matchId] !== undefined && (
                  <p className="muted selection-told" role="status">
                    {told[matchId] === 0
                      ? 'Nobody new to tell: each player already knows their place'
                      : `${plural(told[matchId] ?? 0, 'player')} told of their place`}
                  </p>
                )}
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
