import { NavLink, Link, Outlet } from 'react-router-dom';
import { HomeIcon, TeamIcon, TrophyIcon } from '@/components/icons';

/** The shell: fixed header (3.75rem), the screen, and the bottom navigation (56px). */
export function Layout() {
  return (
    <div className="shell">
      <header className="app-header">
        <Link to="/" className="brand" aria-label="Touchline home">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Touchline</span>
        </Link>
        <p className="greeting">
          Welcome back, <strong>Guest</strong>
        </p>
      </header>
      <main className="app-main">
        <Outlet />
      </main>
      <nav className="bottom-nav" aria-label="Main">
        <NavLink to="/" end>
          <HomeIcon />
          Home
        </NavLink>
        <NavLink to="/leagues">
          <TrophyIcon />
          League
        </NavLink>
        <NavLink to="/teams">
          <TeamIcon />
          Teams
        </NavLink>
      </nav>
    </div>
  );
}
