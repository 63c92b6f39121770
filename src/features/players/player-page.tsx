/**
 * Player profile (spec "Player profile"): the player card with rating, number,
 * team and headline figures, the bio, and a table per season.
 *
 * A suspension still to serve shows under the name, and the cards per league
 * season in their own section when there are any. Answers from before (cached offline
 * copies) lack `cards` and `suspension` and show neither.
 */
import { Link, useParams } from 'react-router-dom';
import { CardIcon } from '@/components/card-icon';
import { PersonPhoto, TeamLogo } from '@/components/images';
import { SuspensionBadge } from '@/components/suspension-badge';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { ApiError } from '@/lib/api-client';
import type { PlayerProfile, Team } from '@/lib/api-types';
import { metricTotals, overallRating, seasonsNewestFirst, type SeasonMetrics } from './rating';
import { BioSection } from './bio-section';
import './players.css';
import { PageHeader } from '@/components/page-header';

/** The nation label is fixed by the specification. */
const NATION = 'US';

/** The profile as answered, including copies cached before `cards` and `suspension` existed. */
type ProfileAnswer = Omit<PlayerProfile, 'cards' | 'suspension'> & {
  cards?: PlayerProfile['cards'] | null;
  suspension?: PlayerProfile['suspension'];
};

type SeasonCards = PlayerProfile['cards'][number];

function loadErrorText(error: Error): string {
  return error instanceof ApiError
    ? `Failed to fetch player data: ${error.status}`
    : 'Failed to fetch player data';
}

export function PlayerPage() {
  const { playerId = '' } = useParams();
  const {
    data: player,
    error,
    loading,
    reload,
  } = useApi<ProfileAnswer>(`/api/player/${encodeURIComponent(playerId)}`);

  let body;
  if (loading) body = <Loading />;
  else if (error instanceof ApiError && error.status === 404)
    body = <EmptyMessage>No player data available</EmptyMessage>;
  else if (error)
    body = <ErrorMessage onRetry={reload}>Error loading data: {loadErrorText(error)}</ErrorMessage>;
  else if (!player) body = <EmptyMessage>No player data available</EmptyMessage>;
  else body = <PlayerProfileView player={player} />;

  return (
    <section className="page player-page">
      <PageHeader title="Player Profile" subtitle="Stats &amp; Info" />
      {body}
    </section>
  );
}

function PlayerProfileView({ player }: { player: ProfileAnswer }) {
  const name = player.name.trim() || 'Unknown Player';
  const position = player.position.trim() || 'Unknown Position';
  const keeper = player.position_general === 'GK';
  const totals = metricTotals(player.metrics);
  const rating = overallRating(player.metrics);
  const cards = player.cards ?? [];
  const suspension = player.suspension ?? null;

  return (
    <div className="player-layout">
      <article className="card player-card" aria-labelledby="player-name">
        <div className="player-card-top">
          <dl className="player-badges">
            <div className="player-rating">
              <dt>Rating</dt>
              <dd>{rating}</dd>
            </div>
            <div>
              <dt>Nation</dt>
              <dd>{NATION}</dd>
            </div>
          </dl>
          <PersonPhoto kind="players" photo={player.photo_id} name={name} size={112} />
          <dl className="player-badges player-badges-end">
            <div className="player-number">
              <dt>Number</dt>
              <dd>{player.number}</dd>
            </div>
          </dl>
        </div>
        <h2 id="player-name" className="player-name">
          {name}
        </h2>
        {suspension !== null && suspension.matches_remaining > 0 && (
          <p className="player-suspension">
            <SuspensionBadge suspension={suspension} />
          </p>
        )}
        <p className="player-position">{position}</p>
        <PlayerTeam teamId={player.team_id} profileTeamName={player.team_name} />
        <dl className="player-figures">
          <div>
            <dt>{keeper ? 'Clean Sheets' : 'Goals'}</dt>
            <dd>{keeper ? totals.shutouts : totals.goals}</dd>
          </div>
          <div>
            <dt>Assists</dt>
            <dd>{totals.assists}</dd>
          </div>
          <div>
            <dt>Appearances</dt>
            <dd>{totals.matches}</dd>
          </div>
        </dl>
      </article>

      <BioSection id="player-bio" bio={player.bio} />

      <section className="card player-section" aria-labelledby="player-seasons">
        <h2 id="player-seasons">Season Statistics</h2>
        <SeasonTables metrics={player.metrics} />
      </section>

      {cards.length > 0 && (
        <section className="card player-section player-cards" aria-labelledby="player-cards">
          <h2 id="player-cards">Cards</h2>
          <CardsTable cards={cards} />
        </section>
      )}
    </div>
  );
}

/** Cards per league season, newest first as answered. */
function CardsTable({ cards }: { cards: readonly SeasonCards[] }) {
  return (
    <table className="player-cards-table" aria-labelledby="player-cards">
      <thead>
        <tr>
          <th scope="col">Season</th>
          <th scope="col">League</th>
          <th scope="col">
            <CardIcon kind="yellow" inText />
            Yellow
          </th>
          <th scope="col">
            <CardIcon kind="red" inText />
            Red
          </th>
        </tr>
      </thead>
      <tbody>
        {cards.map((row) => (
          <tr key={`${row.season}|${row.league_id}`}>
            <td>{row.season}</td>
            <th scope="row">{row.league_name || row.league_id}</th>
            <td>{row.yellow_cards}</td>
            <td>{row.red_cards}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The team row: name and crest from the team record; while it loads the profile's
 * own team name stands in, and if the team fetch fails the id is shown as the
 * name (spec section 8).
 */
function PlayerTeam({ teamId, profileTeamName }: { teamId: string | null; profileTeamName: string | null }) {
  const team = useApi<Team>(teamId ? `/api/teams/${encodeURIComponent(teamId)}` : null);
  if (!teamId) return <p className="player-team player-team-none">No team</p>;
  const teamName = team.data?.team_name ?? (team.error ? teamId : (profileTeamName ?? teamId));
  return (
    <Link className="player-team" to={`/team/${encodeURIComponent(teamId)}`}>
      <TeamLogo logo={team.data?.logo ?? null} name={teamName} size={28} />
      <span>{teamName}</span>
    </Link>
  );
}

function SeasonTables({ metrics }: { metrics: PlayerProfile['metrics'] }) {
  const seasons = seasonsNewestFirst(metrics);
  if (seasons.length === 0) return <EmptyMessage>No stats available</EmptyMessage>;
  return (
    <div className="player-seasons">
      {seasons.map(([season, figures]) => (
        <SeasonTable key={season} season={season} figures={figures} />
      ))}
    </div>
  );
}

function SeasonTable({ season, figures }: { season: string; figures: SeasonMetrics }) {
  return (
    <table className="player-season-table">
      <caption>{season} Season</caption>
      <thead>
        <tr>
          <th scope="col">
            <abbr title="Appearances">Apps</abbr>
          </th>
          <th scope="col">Goals</th>
          <th scope="col">Assists</th>
          <th scope="col">Clean Sheets</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{figures.matches}</td>
          <td>{figures.goals}</td>
          <td>{figures.assists}</td>
          <td>{figures.shutouts}</td>
        </tr>
      </tbody>
    </table>
  );
}
