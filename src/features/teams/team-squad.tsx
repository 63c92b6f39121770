/**
 * Squad tab: coaches, then players by general position (GK, DEF, MID, FW, anything
 * else last), each group only when it has people, by shirt number within a group.
 * A player with a ban still to serve carries a 'Suspended' badge.
 */
import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PersonPhoto } from '@/components/images';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { useHydrated } from '@/hooks/use-hydrated';
import type { Coach, RosterPlayer } from '@/lib/api-types';
import { suspensionsOf, suspensionsPath, type Suspension, type SuspensionsAnswer } from '@/lib/suspensions';
import { playerSuspension } from '../../../db/rules/suspensions';
import { coachPath, teamApi } from './team-ids';
// The styles of a part loaded once the page runs come with the page: a stylesheet link
// added then made the browser restyle the page in one long task.
import '@/components/suspension-badge.css';

// Only shown once the browser has the team's suspensions: kept out of the first paint's code.
const SuspensionBadge = lazy(() =>
  import('@/components/suspension-badge').then((m) => ({ default: m.SuspensionBadge })),
);

interface Roster {
  players: RosterPlayer[];
  coaches: Coach[];
}

const PLAYER_GROUPS = [
  { key: 'GK', title: 'Goalkeepers' },
  { key: 'DEF', title: 'Defenders' },
  { key: 'MID', title: 'Midfielders' },
  { key: 'FW', title: 'Forwards' },
] as const;

const KNOWN_GROUPS = new Set<string>(PLAYER_GROUPS.map((group) => group.key));

export function groupPlayers(players: readonly RosterPlayer[]): { title: string; players: RosterPlayer[] }[] {
  const byNumber = (a: RosterPlayer, b: RosterPlayer) => a.number - b.number;
  const groups: { title: string; players: RosterPlayer[] }[] = PLAYER_GROUPS.map((group) => ({
    title: group.title,
    players: players.filter((player) => player.position_general === group.key).sort(byNumber),
  }));
  groups.push({
    title: 'Others',
    players: players.filter((player) => !KNOWN_GROUPS.has(player.position_general)).sort(byNumber),
  });
  return groups.filter((group) => group.players.length > 0);
}

/**
 * The team's suspensions, loaded in the browser once the page runs: the server's
 * render (and the first paint) never waits for them, and a failed load shows no badge.
 * Given to the cards through a context: when they arrive (and when the page has
 * hydrated) only the badges render again, not the squad with every card and picture.
 */
const Suspensions = createContext<Suspension[]>([]);

function SuspensionsProvider({ teamId, children }: { teamId: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const answer = useApi<SuspensionsAnswer>(hydrated ? suspensionsPath(teamId) : null);
  return <Suspensions.Provider value={suspensionsOf(answer.data)}>{children}</Suspensions.Provider>;
}

/** The player's ban, inline on the position's line (the card keeps its height). */
function PlayerBan({ playerId }: { playerId: string }) {
  const ban = playerSuspension(useContext(Suspensions), playerId);
  if (!ban) return null;
  return (
    <>
      {' '}
      <Suspense fallback={null}>
        <SuspensionBadge suspension={ban} short />
      </Suspense>
    </>
  );
}

export function SquadTab({ teamId }: { teamId: string }) {
  const roster = useApi<Roster>(teamApi(teamId, '/roster'));
  if (roster.loading) return <Loading label="Loading squad..." />;
  if (roster.error || !roster.data) {
    return <ErrorMessage onRetry={roster.reload}>Failed to fetch data</ErrorMessage>;
  }
  const { players, coaches } = roster.data;
  return (
    <SuspensionsProvider teamId={teamId}>
      <div className="team-squad">
        {coaches.length > 0 && (
          <SquadGroup title="Coaches">
            {coaches.map((coach) => (
              <li key={coach.id}>
                {/* The name is the card's visible text (WCAG 2.5.3 label in name). */}
                <Link className="card team-person" to={coachPath(coach.id)}>
                  <PersonPhoto kind="coaches" photo={coach.photo_id} name="" size={56} />{' '}
                  <span className="team-person-text">
                    <span className="team-person-name">{coach.name}</span>{' '}
                    <span className="team-person-role">{coach.role}</span>
                  </span>
                </Link>
              </li>
            ))}
          </SquadGroup>
        )}
        {players.length === 0 ? (
          <EmptyMessage>No players found for this team.</EmptyMessage>
        ) : (
          groupPlayers(players).map((group) => (
            <SquadGroup key={group.title} title={group.title}>
              {group.players.map((player) => (
                <li key={player.id}>
                  <Link className="card team-person" to={`/player/${encodeURIComponent(player.id)}`}>
                    <span className="team-person-number">
                      <span className="visually-hidden">Number</span> {player.number}
                    </span>{' '}
                    <PersonPhoto kind="players" photo={player.photo_id} name="" size={56} />{' '}
                    <span className="team-person-text">
                      <span className="team-person-name">{player.name}</span>{' '}
                      <span className="team-person-role">
                        {player.position}
                        <PlayerBan playerId={player.id} />
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </SquadGroup>
          ))
        )}
      </div>
    </SuspensionsProvider>
  );
}

function SquadGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `team-squad-${title.toLowerCase()}`;
  return (
    <section className="team-squad-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="team-section-title">
        {title}
      </h2>
      <ul className="team-people">{children}</ul>
    </section>
  );
}
