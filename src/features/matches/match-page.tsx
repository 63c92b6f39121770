/**
 * /match/{matchId} and /matches/{matchId}: one match (spec "Match details"): the
 * teams and score, the squads, who scored, assisted and kept goal, the cards shown
 *, and for a match without a result the previous meetings of the two teams.
 */
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CardIcon } from '@/components/card-icon';
import { TeamLogo } from '@/components/images';
import { hasScore, MatchList } from '@/components/match-card';
import { PlayerLink } from '@/components/player-link';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { ApiError } from '@/lib/api-client';
import type { Match } from '@/lib/api-types';
import { formatLongDate, nameFromId } from '@/lib/format';
import { isPostponed } from '@/lib/match-status';
import { countIds, idList } from '../../../db/rules/id-lists';
import './matches.css';
import { Facts } from '@/components/facts';
import { PageHeader } from '@/components/page-header';

/** Ids the server answers for: a positive whole number. */
const MATCH_ID = /^[1-9]\d{0,15}$/;

/** Approval as sent, in any case; older records may lack it. */
function approvalOf(match: Match): string {
  return String(match.approved ?? '').toUpperCase();
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`card matches-box ${className ?? ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="matches-box-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Names the match answer carries (GET /api/matches/{id}), so no player is loaded one by one. */
type Names = Readonly<Record<string, string>>;

function CountedPlayers({
  title,
  ids,
  ownGoals = [],
  empty,
  names,
}: {
  title: string;
  ids: string[];
  /** Own goals, listed after the goals with "(OG)": each counts for the scorer's opponent. */
  ownGoals?: string[];
  empty: string;
  names: Names;
}) {
  const rows = [
    ...countIds(ids).map((row) => ({ ...row, own: false })),
    ...countIds(ownGoals).map((row) => ({ ...row, own: true })),
  ];
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <EmptyMessage>{empty}</EmptyMessage>
      ) : (
        <ul className="matches-people">
          {rows.map(({ id, count, own }) => (
            <li key={`${own ? 'og' : 'goal'}:${id}`}>
              <PlayerLink playerId={id} name={names[id]} />
              {own && (
                <abbr className="matches-own-goal" title="own goal">
                  (OG)
                </abbr>
              )}
              {count > 1 && <span className="matches-count">× {count}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

type CardKind = 'yellow' | 'second-yellow' | 'red';

/** What a card row says in words, beside the card's shape. */
const CARD_TEXT: Record<CardKind, string> = {
  yellow: 'Yellow card',
  'second-yellow': 'Second yellow (sent off)',
  red: 'Red card',
};

interface CardRow {
  id: string;
  kind: CardKind;
}

interface CardTeam {
  key: string;
  title: string;
  rows: CardRow[];
}

/**
 * The cards per team: yellows (two for one player are a sending-off), then reds. The
 * side comes from the squads; a player in neither (the squad changed since) is listed
 * apart. Answers stored before cards were reported have no card lists: no cards.
 */
function cardTeams(match: Match, homeName: string, awayName: string): CardTeam[] {
  const lists: Partial<Pick<Match, 'yellow_cards' | 'red_cards'>> = match;
  const rows: CardRow[] = [
    ...countIds(idList(lists.yellow_cards)).map(({ id, count }) => ({
      id,
      kind: count > 1 ? ('second-yellow' as const) : ('yellow' as const),
    })),
    ...countIds(idList(lists.red_cards)).map(({ id }) => ({ id, kind: 'red' as const })),
  ];
  const home = new Set(idList(match.home_players));
  const away = new Set(idList(match.away_players));
  const teams: CardTeam[] = [
    { key: 'home', title: homeName, rows: rows.filter((row) => home.has(row.id)) },
    {
      key: 'away',
      title: awayName,
      rows: rows.filter((row) => !home.has(row.id) && away.has(row.id)),
    },
    {
      key: 'other',
      title: 'Other players',
      rows: rows.filter((row) => !home.has(row.id) && !away.has(row.id)),
    },
  ];
  return teams.filter((team) => team.rows.length > 0);
}

function Cards({ teams, names }: { teams: CardTeam[]; names: Names }) {
  return (
    <Section title="Cards" className="matches-cards">
      {teams.map((team) => (
        <CardTeamList key={team.key} team={team} names={names} />
      ))}
    </Section>
  );
}

function CardTeamList({ team, names }: { team: CardTeam; names: Names }) {
  const headingId = useId();
  return (
    <div className="matches-cards-team">
      <h3 id={headingId} className="matches-cards-title">
        {team.title}
      </h3>
      <ul className="matches-people" aria-labelledby={headingId}>
        {team.rows.map(({ id, kind }) => (
          <li key={`${kind}:${id}`}>
            <CardIcon kind={kind} />
            <PlayerLink playerId={id} name={names[id]} />
            <span className="matches-card-text">{CARD_TEXT[kind]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Squad({ title, ids, names }: { title: string; ids: string[]; names: Names }) {
  return (
    <Section title={title} className="matches-squad">
      {ids.length === 0 ? (
        <EmptyMessage>No players listed</EmptyMessage>
      ) : (
        <ul className="matches-people">
          {ids.map((id) => (
            <li key={id}>
              <PlayerLink playerId={id} name={names[id]} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function PreviousMatches({ match }: { match: Match }) {
  const { data, error, loading, reload } = useApi<Match[] | { matches?: Match[] }>(
    `/api/matches/between/${encodeURIComponent(match.home_team)}/${encodeURIComponent(match.away_team)}`,
  );
  const matches = (Array.isArray(data) ? data : (data?.matches ?? [])).filter(
    (other) => other.id !== match.id,
  );
  return (
    <Section title="Previous Matches" className="matches-previous">
      {loading ? (
        <Loading label="Loading previous matches..." />
      ) : error ? (
        <ErrorMessage onRetry={reload}>Failed to load previous matches</ErrorMessage>
      ) : matches.length === 0 ? (
        <EmptyMessage>No previous matches between these teams</EmptyMessage>
      ) : (
        <MatchList matches={matches} className="matches-previous-list" />
      )}
    </Section>
  );
}

function TeamSide({ teamId, name, logo }: { teamId: string; name: string; logo: string | null | undefined }) {
  return (
    <Link className="matches-team" to={`/team/${encodeURIComponent(teamId)}`}>
      <TeamLogo logo={logo} name={name} size={64} />
      <span className="matches-team-name">{name}</span>
    </Link>
  );
}

/** Own goals; answers stored offline before own goals were reported have none. */
function ownGoalsOf(match: Match): string[] | undefined {
  const lists: Partial<Pick<Match, 'own_goals'>> = match;
  return lists.own_goals;
}

function MatchDetails({ match }: { match: Match & { player_names?: Names } }) {
  const names: Names = match.player_names ?? {};
  const homeName = match.home_team_name || nameFromId(match.home_team);
  const awayName = match.away_team_name || nameFromId(match.away_team);
  const approval = approvalOf(match);
  const rejected = approval === 'FALSE';
  const pending = approval === 'PENDING';
  // A rejected report is not a result: nothing of it is shown as final.
  const played = hasScore(match) && !rejected;
  // Not a fixture still to come: it says so where the VS would be (a score, once reported, wins).
  const postponed = !played && isPostponed(match);
  const date = match.date || match.match_date;
  const cards = played ? cardTeams(match, homeName, awayName) : [];

  return (
    <>
      <PageHeader title="Match Details" subtitle={`${homeName} vs ${awayName}`} />

      <section className="card matches-scoreboard" aria-label="Score">
        <div className="matches-teams">
          <TeamSide teamId={match.home_team} name={homeName} logo={match.home_team_logo} />
          <div className="matches-result">
            {played ? (
              <span className="matches-score">
                {match.home_score} - {match.away_score}
              </span>
            ) : postponed ? (
              <span className="matches-postponed">Postponed</span>
            ) : (
              <span className="matches-vs">VS</span>
            )}
          </div>
          <TeamSide teamId={match.away_team} name={awayName} logo={match.away_team_logo} />
        </div>
        {pending && played && <p className="badge matches-approval">Awaiting approval</p>}
        {rejected && (
          <p className="badge matches-approval matches-badge-rejected">
            Result rejected, awaiting a new report
          </p>
        )}
        <Facts
          className="matches-facts"
          facts={[
            ['Date', <time dateTime={date}>{formatLongDate(date)}</time>],
            ['Location', match.location],
          ]}
        />
      </section>

      {played && (
        <div className="matches-events">
          <CountedPlayers
            title="Goalscorers"
            ids={idList(match.goalscorers)}
            ownGoals={idList(ownGoalsOf(match))}
            empty="No goalscorers recorded"
            names={names}
          />
          <CountedPlayers
            title="Assists"
            ids={idList(match.assisters)}
            empty="No assisters recorded"
            names={names}
          />
          <Section title="Goalkeepers">
            {idList(match.goalkeepers).length === 0 ? (
              <EmptyMessage>No goalkeepers recorded</EmptyMessage>
            ) : (
              <ul className="matches-people">
                {countIds(idList(match.goalkeepers)).map(({ id }) => (
                  <li key={id}>
                    <PlayerLink playerId={id} name={names[id]} />
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      )}

      {cards.length > 0 && <Cards teams={cards} names={names} />}

      {/* Before the long squad lists, so the history is seen without scrolling far. */}
      {!played && <PreviousMatches match={match} />}

      <div className="matches-squads">
        <Squad title={`${homeName} Squad`} ids={idList(match.home_players)} names={names} />
        <Squad title={`${awayName} Squad`} ids={idList(match.away_players)} names={names} />
      </div>
    </>
  );
}

/** An answer with nothing in it: no body, or an empty object. */
function isEmptyAnswer(data: unknown): boolean {
  return data === null || data === undefined || typeof data !== 'object' || Object.keys(data).length === 0;
}

export function MatchPage() {
  const matchId = useParams().matchId ?? '';
  const valid = MATCH_ID.test(matchId);
  const { data, error, loading } = useApi<Match | null>(valid ? `/api/matches/${matchId}` : null);

  if (valid && !loading && !error && data && !isEmptyAnswer(data) && data.home_team && data.away_team) {
    return (
      <section className="page matches-page">
        <MatchDetails match={data} />
      </section>
    );
  }

  let state: ReactNode;
  if (!valid) state = <ErrorMessage>Match not found</ErrorMessage>;
  else if (loading) state = <Loading label="Loading match..." />;
  else if (error instanceof ApiError && error.status === 404)
    state = <ErrorMessage>Match not found</ErrorMessage>;
  else if (error) state = <ErrorMessage>Error loading match: Failed to fetch match details</ErrorMessage>;
  else if (isEmptyAnswer(data)) state = <EmptyMessage>No match data available</EmptyMessage>;
  else state = <ErrorMessage>Invalid match data: missing team information</ErrorMessage>;

  return (
    <section className="page matches-page">
      <PageHeader title="Match Details" />
      {state}
    </section>
  );
}
