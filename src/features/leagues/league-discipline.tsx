/**
 * The Discipline tab: the season's cards per player from approved results,
 * most reds first, then most yellows (the server's order). Players level on both share a
 * rank. On a narrow phone the table scrolls sideways inside its own region, as the
 * league table does, with the rank and player pinned.
 */
import { Link } from 'react-router-dom';
import { CardIcon } from '@/components/card-icon';
import { useShownFirst } from '@/components/show-all';
import { EmptyMessage } from '@/components/status';
import { formatMatchDate } from '@/lib/format';
import { plural } from '../../../db/rules/words';
import type { DisciplineTable as DisciplineDto } from '@/lib/api-types';
import { seasonStatus, useSeasonAnswer } from './season-answer';

/** One row of `GET /api/leagues/{leagueId}/discipline`. */
export type DisciplineRow = DisciplineDto['players'][number];
/** One ban still to serve, as the same answer lists it. */
export type SuspendedRow = DisciplineDto['suspensions'][number];

interface DisciplineAnswer {
  players?: DisciplineRow[] | null;
  /** Left out by an answer kept from before bans were listed. */
  suspensions?: SuspendedRow[] | null;
}

/** "v South City (home), Sat, Jun 27, 3:00 PM": a match as the player's club plays it. */
function banMatchText(match: NonNullable<SuspendedRow['card_match']>): string {
  return `v ${match.opponent_name} (${match.home ? 'home' : 'away'}), ${formatMatchDate(match.date)}`;
}

/**
 * Who is banned now: each player with their club, why (the card and the match it was
 * shown in) and the upcoming matches they miss, with those not yet in the fixture list
 * counted.
 */
function SuspendedList({ rows }: { rows: readonly SuspendedRow[] }) {
  return (
    <section className="leagues-suspended" aria-labelledby="leagues-suspended-heading">
      <h3 id="leagues-suspended-heading">Suspended now</h3>
      <ul>
        {rows.map((row) => {
          const unfixed = row.matches_remaining - row.matches.length;
          return (
            <li key={`${row.player_id}:${row.card_match?.match_id ?? ''}:${row.reason}`}>
              <p className="leagues-suspended-who">
                <Link to={`/player/${encodeURIComponent(row.player_id)}`}>{row.name}</Link>{' '}
                <span className="muted">
                  (<Link to={`/team/${encodeURIComponent(row.team_id)}`}>{row.team_name}</Link>)
                </span>
              </p>
              <p>
                {row.reason}
                {row.card_match && (
                  <>
                    {' '}
                    in the match{' '}
                    <Link to={`/match/${row.card_match.match_id}`}>{banMatchText(row.card_match)}</Link>
                  </>
                )}
              </p>
              <p>
                Misses {plural(row.matches_remaining, 'match', 'matches')}
                {row.matches.length > 0 ? ': ' : ''}
                {row.matches.map((match, index) => (
                  <span key={match.match_id}>
                    {index > 0 && '; '}
                    <Link to={`/match/${match.match_id}`}>{banMatchText(match)}</Link>
                  </span>
                ))}
                {unfixed > 0 &&
                  (row.matches.length > 0
                    ? `, and ${plural(unfixed, 'more', 'more')} once the fixtures are set`
                    : ', once the fixtures are set')}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Rows shown before 'Show all', as on the leaderboards. */
export const DISCIPLINE_ROWS_FIRST = 20;

/** Standard competition ranks ("1, 1, 3"): a row level with the one above on reds and yellows shares its rank. */
export function disciplineRanks(rows: readonly DisciplineRow[]): number[] {
  const ranks: number[] = [];
  rows.forEach((row, index) => {
    const above = rows[index - 1];
    const level =
      above !== undefined && above.red_cards === row.red_cards && above.yellow_cards === row.yellow_cards;
    ranks.push(level ? (ranks[index - 1] ?? index + 1) : index + 1);
  });
  return ranks;
}

function CardHeader({ kind, label }: { kind: 'yellow' | 'red'; label: string }) {
  return (
    <>
      <CardIcon kind={kind} inText />
      {label}
    </>
  );
}

function DisciplineTable({ rows, season }: { rows: readonly DisciplineRow[]; season: string }) {
  const { shown, more } = useShownFirst(rows, DISCIPLINE_ROWS_FIRST, 'players');
  const ranks = disciplineRanks(rows);
  return (
    <div className="leagues-table-block">
      <div
        className="leagues-table-scroll"
        role="region"
        aria-label={`Discipline, ${season} season`}
        tabIndex={0}
      >
        <table className="leagues-table leagues-discipline-table">
          <thead>
            <tr>
              <th scope="col" className="leagues-col-pos">
                Pos
              </th>
              <th scope="col" className="leagues-discipline-player">
                Player
              </th>
              <th scope="col" className="leagues-discipline-team">
                Team
              </th>
              <th scope="col" className="leagues-col-num leagues-discipline-count">
                <CardHeader kind="yellow" label="Yellow" />
              </th>
              <th scope="col" className="leagues-col-num leagues-discipline-count">
                <CardHeader kind="red" label="Red" />
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={row.player_id}>
                <td className="leagues-col-pos">{ranks[index]}</td>
                <th scope="row" className="leagues-discipline-player">
                  <Link to={`/player/${encodeURIComponent(row.player_id)}`}>{row.name}</Link>
                </th>
                <td className="leagues-discipline-team">
                  {row.team_id ? (
                    <Link to={`/team/${encodeURIComponent(row.team_id)}`}>{row.team_name}</Link>
                  ) : (
                    row.team_name
                  )}
                </td>
                <td className="leagues-col-num leagues-discipline-count">{row.yellow_cards}</td>
                <td className="leagues-col-num leagues-discipline-count">{row.red_cards}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more}
    </div>
  );
}

export function LeagueDiscipline({ leagueId, season }: { leagueId: string; season: string }) {
  const answer = useSeasonAnswer<DisciplineAnswer>(leagueId, 'discipline', season);
  const status = seasonStatus(answer, 'Loading discipline...');
  if (status) return status;
  const { data } = answer;
  const rows = data?.players ?? [];
  const suspended = data?.suspensions ?? [];
  if (rows.length === 0) return <EmptyMessage>No cards shown this season</EmptyMessage>;
  return (
    <>
      {suspended.length > 0 ? (
        <SuspendedList rows={suspended} />
      ) : (
        <p className="leagues-suspended-none muted">Nobody is suspended now.</p>
      )}
      <DisciplineTable rows={rows} season={season} />
    </>
  );
}
