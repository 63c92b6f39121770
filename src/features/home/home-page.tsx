/**
 * The open home screen (spec route "/"): a welcome, a search button that opens the
 * search panel in place, quick links, and the way into the signed-in home.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SearchIcon, TeamIcon, TrophyIcon } from '@/components/icons';
import { SearchPanel } from '@/features/search/search-panel';
import { useSession } from '@/lib/session';
import { NextMatch } from './next-match';
import './home.css';

const QUICK_LINKS = [
  { to: '/leagues', Icon: TrophyIcon, title: 'Leagues', text: 'Tables, fixtures and top scorers' },
  { to: '/teams', Icon: TeamIcon, title: 'Teams', text: 'Squads, results and news' },
];

export function HomePage() {
  const { user, isAuthenticated, favoriteTeam } = useSession();
  const [searching, setSearching] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeSearch = () => {
    setSearching(false);
    // Escape closes the panel: give focus back to the button that opened it.
    buttonRef.current?.focus();
  };
  // The same condition as the /main route guard: a team of the user's own.
  const hasTeam = Boolean(user?.team_id);
  // A signed-in supporter without a team sees the favourite team's next match here.
  const favouriteOnly = !hasTeam && favoriteTeam;

  return (
    <section className="page home-page">
      <div className="home-hero">
        <h1 className="home-title">Follow your league from the touchline</h1>
        <p className="home-lead">
          Welcome! Tables, fixtures, results, squads and player stats of your amateur football league, all in
          one place on your phone.
        </p>
        <button
          ref={buttonRef}
          type="button"
          className="home-search-button"
          aria-expanded={searching}
          aria-controls="home-search"
          onClick={() => setSearching((open) => !open)}
        >
          <SearchIcon size={20} />
          <span>Search players, teams, or leagues</span>
        </button>
      </div>

      {favouriteOnly && (
        <div className="home-favourite">
          <NextMatch teamId={favouriteOnly} />
          <p className="home-favourite-link">
            <Link to={`/team/${encodeURIComponent(favouriteOnly)}`}>Open my favourite team</Link>
          </p>
        </div>
      )}

      {searching && (
        <div className="card home-search-card" id="home-search">
          <SearchPanel onClose={closeSearch} />
        </div>
      )}

      <nav className="home-links" aria-label="Quick links">
        {QUICK_LINKS.map(({ to, Icon, title, text }) => (
          <Link key={to} className="home-link" to={to}>
            <span className="home-link-icon">
              <Icon />
            </span>
            <span className="home-link-text">
              <strong>{title}</strong>
              <span>{text}</span>
            </span>
          </Link>
        ))}
      </nav>

      {!isAuthenticated && (
        <p className="home-account">
          <Link className="button home-account-link" to="/main">
            Already have an account? Log in
          </Link>
        </p>
      )}
      {hasTeam && (
        <p className="home-account">
          <Link className="button home-account-link" to="/main">
            Go to my team
          </Link>
        </p>
      )}
    </section>
  );
}
