/** A ranked leaderboard: image, name, team and one figure per row (spec "Stat list"). */
import { Link } from 'react-router-dom';
import type { LeaderRow } from '@/lib/api-types';
import { PersonPhoto } from './images';
import { useShownFirst } from './show-all';
import { EmptyMessage } from './status';

/** Rows shown before 'Show all': a phone screen and a half. */
export const STAT_ROWS_FIRST = 20;

export function StatList({ rows, statLabel }: { rows: readonly LeaderRow[] | undefined; statLabel: string }) {
  const { shown, more } = useShownFirst(rows ?? [], STAT_ROWS_FIRST, 'players');
  if (!rows || rows.length === 0) return <EmptyMessage>No stats available</EmptyMessage>;
  return (
    <>
      <ol className="stat-list">
        {shown.map((row, index) => (
          <li key={row.player_id} className="stat-row">
            <span className="stat-rank">{index + 1}</span>
            <PersonPhoto kind="players" photo={row.photo_id} name={row.name} size={40} />
            <span className="stat-who">
              <Link to={`/player/${row.player_id}`} className="stat-name">
                {row.name}
              </Link>
              <span className="stat-team">{row.team}</span>
            </span>
            <span className="stat-count" aria-label={`${row.count} ${statLabel}`}>
              {row.count}
            </span>
          </li>
        ))}
      </ol>
      {more}
    </>
  );
}
