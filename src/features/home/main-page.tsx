/**
 * The signed-in home (spec "Home screen (signed-in home)"): a greeting, Logout,
 * the favourite team's next match, then its latest result, news and video.
 * The route guard guarantees a signed-in user with a team or a favourite team.
 */
import { useEffect } from 'react';

import { MatchCard } from '@/components/match-card';
import { ResultsPanel } from '@/components/results-panel';
import { EmptyMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { Match } from '@/lib/api-types';
import { useSession } from '@/lib/session';
import './home.css';

export function MainPage() {
  const { user, isAuthenticated, favoriteTeam, logout } = useSession();
  const teamId = favoriteTeam ?? user?.team_id ?? null;

  // The home screen's Logout goes to /login (the header's goes to /).
  const onLogout = () => logout('/login');

  return (
    <section className="page main-page">
      <header className="page-header main-header">
        <div>
          <h1 className="page-title">{user?.name || 'Guest'}</h1>
          <p className="page-subtitle">Good Morning</p>
        </div>
        {isAuthenticated && (
          <button type="button" className="button button-secondary" onClick={() => void onLogout()}>
            Logout
          </button>
        )}
      </header>
      {teamId && (
        <>
          <NextMatch teamId={teamId} />
          <ResultsPanel teamId={teamId} />
        </>
      )}
    </section>
  );
}

function NextMatch({ teamId }: { teamId: string }) {
  const { data, error, loading } = useApi<Match[]>(
    `/api/matches?future=true&team_id=${encodeURIComponent(teamId)}&limit=1`,
  );

  useEffect(() => {
    // Logged only (spec section 8): the block shows the empty text instead.
    if (error) console.warn('Failed to fetch next match', error);
  }, [error]);

  const next = Array.isArray(data) ? data[0] : undefined;
  return (
    <section className="main-next" aria-label="Next match">
      {loading ? (
        <Loading />
      ) : next && !error ? (
        <>
          <h2 className="main-section-title">Next Match</h2>
          <MatchCard match={next} />
        </>
      ) : (
        <EmptyMessage>No upcoming matches scheduled</EmptyMessage>
      )}
    </section>
  );
}
