/** /leagues: every competition of a season as a grid of cards (spec "Leagues list"). */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SeasonSelect } from '@/components/season-select';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { League } from '@/lib/api-types';
import './leagues.css';

const STATUS_LABEL: Record<League['status'], string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  completed: 'Completed',
};

export function LeaguesPage() {
  const [seasons] = useState(() => {
    const year = new Date().getFullYear();
    return [String(year), String(year - 1)];
  });
  const [season, setSeason] = useState(seasons[0] ?? '');
  // A season change is a new path: useApi cancels the request still in flight.
  const { data, error, loading, reload } = useApi<{ leagues: League[] }>(
    `/api/leagues?season=${encodeURIComponent(season)}`,
  );
  const leagues = data?.leagues ?? [];

  return (
    <section className="page leagues-page">
      <header className="page-header leagues-header">
        <div>
          <h1 className="page-title">Leagues</h1>
          <p className="page-subtitle">All Competitions</p>
        </div>
        <SeasonSelect seasons={seasons} value={season} onChange={setSeason} />
      </header>
      {loading ? (
        <Loading label="Loading leagues..." />
      ) : error ? (
        <ErrorMessage onRetry={reload}>Failed to fetch leagues</ErrorMessage>
      ) : leagues.length === 0 ? (
        <EmptyMessage>No leagues found for {season}</EmptyMessage>
      ) : (
        <ul className="list-grid leagues-grid">
          {leagues.map((league) => (
            <li key={league.league_id}>
              <Link className="card leagues-card" to={`/leagues/${encodeURIComponent(league.league_id)}`}>
                <span className="leagues-card-top">
                  <span className="leagues-card-name">{league.league_name}</span>
                  <span className={`badge leagues-status leagues-status-${league.status}`}>
                    {STATUS_LABEL[league.status] ?? league.status}
                  </span>
                </span>
                <span className="leagues-card-meta">
                  <span>{league.season} Season</span>
                  {league.location && <span>{league.location}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
