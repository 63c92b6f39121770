/**
 * The Table tab: standings from approved results. On a narrow phone the table
 * scrolls sideways inside its own region with Pos, crest and Team pinned, so a
 * row stays readable while its numbers scroll.
 */
import { Link } from 'react-router-dom';
import { TeamLogo } from '@/components/images';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { StandingRow } from '@/lib/api-types';
import { serverErrorText } from './server-error';

const NUMBERS = [
  { key: 'played', label: 'P', title: 'Played' },
  { key: 'wins', label: 'W', title: 'Won' },
  { key: 'draws', label: 'D', title: 'Drawn' },
  { key: 'losses', label: 'L', title: 'Lost' },
  { key: 'goals_for', label: 'GF', title: 'Goals for' },
  { key: 'goals_against', label: 'GA', title: 'Goals against' },
] as const satisfies readonly { key: keyof StandingRow; label: string; title: string }[];

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

export function LeagueTable({ leagueId, season }: { leagueId: string; season: string }) {
  const { data, error, loading, reload } = useApi<{ standings?: StandingRow[] | null }>(
    `/api/leagues/${encodeURIComponent(leagueId)}/table?season=${encodeURIComponent(season)}`,
  );
  if (loading) return <Loading label="Loading table..." />;
  if (error) return <ErrorMessage onRetry={reload}>{serverErrorText(error)}</ErrorMessage>;
  const standings = data?.standings;
  if (!standings || standings.length === 0)
    return <EmptyMessage>No standings data received from API</EmptyMessage>;

  return (
    <div
      className="leagues-table-scroll"
      role="region"
      aria-label={`League table, ${season} season`}
      tabIndex={0}
    >
      <table className="leagues-table">
        <thead>
          <tr>
            <th scope="col" className="leagues-col-pos">
              Pos
            </th>
            <th scope="col" className="leagues-col-logo">
              <span className="visually-hidden">Crest</span>
            </th>
            <th scope="col" className="leagues-col-team">
              Team
            </th>
            {NUMBERS.map((column) => (
              <th key={column.key} scope="col" className="leagues-col-num">
                <abbr title={column.title}>{column.label}</abbr>
              </th>
            ))}
            <th scope="col" className="leagues-col-num">
              <abbr title="Goal difference">GD</abbr>
            </th>
            <th scope="col" className="leagues-col-num leagues-col-pts">
              <abbr title="Points">Pts</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((row, index) => (
            <tr key={row.team_id}>
              <td className="leagues-col-pos">{row.position || index + 1}</td>
              <td className="leagues-col-logo">
                <TeamLogo logo={row.logo} name={row.team_name} size={28} />
              </td>
              <th scope="row" className="leagues-col-team">
                <Link to={`/team/${encodeURIComponent(row.team_id)}`}>{row.team_name}</Link>
              </th>
              {NUMBERS.map((column) => (
                <td key={column.key} className="leagues-col-num">
                  {row[column.key]}
                </td>
              ))}
              <td className="leagues-col-num">{signed(row.goal_difference)}</td>
              <td className="leagues-col-num leagues-col-pts">{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
