/**
 * The signed-in home (spec "Home screen (signed-in home)"): a greeting, Logout,
 * the favourite team's next match, then its latest result, news and video.
 * The route guard guarantees a signed-in user with a team of their own; a favourite
 * team, when chosen, takes its place in the blocks below.
 */
import { ResultsPanel } from '@/components/results-panel';
import { useSession } from '@/lib/session';
import { MyMatches } from './my-matches';
import { NextMatch } from './next-match';
import './home.css';
import { isPlayer } from '@/lib/rights';

export function MainPage() {
  const { user, isAuthenticated, favoriteTeam, logout } = useSession();
  const teamId = favoriteTeam ?? user?.team_id ?? null;
  // A player answers whether they can play, first thing on their home screen.
  const player = user !== null && isPlayer(user);

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
      {isAuthenticated && player && <MyMatches />}
      {teamId && (
        <>
          <NextMatch teamId={teamId} />
          <ResultsPanel teamId={teamId} />
        </>
      )}
    </section>
  );
}
