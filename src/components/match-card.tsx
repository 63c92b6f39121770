/**
 * The match card used everywhere (logos, names, the score or VS, the date and the place),
 * and a list of them. A postponed match says so where the VS would be.
 */
import { Link } from 'react-router-dom';
import type { Match } from '@/lib/api-types';
import { formatMatchDate } from '@/lib/format';
import { isPostponed } from '@/lib/match-status';
import { TeamLogo } from './images';

export function hasScore(match: Pick<Match, 'home_score' | 'away_score'>): boolean {
  return match.home_score !== null && match.away_score !== null;
}

export function MatchCard({ match }: { match: Match }) {
  const played = hasScore(match);
  // A postponed fixture is not shown as one still to come ('VS'); a score, once reported, wins.
  const postponed = !played && isPostponed(match);
  return (
    // The link's name is its visible text, read in order (WCAG 2.5.3 label in name); the
    // spaces only separate words for screen readers (grid and flex lay them out anyway).
    <Link className="match-card" to={`/match/${match.id}`}>
      <div className="match-card-teams">
        <span className="match-card-team">
          <TeamLogo logo={match.home_team_logo} name={match.home_team_name} size={36} decorative />
          <span className="match-card-name">{match.home_team_name}</span>
        </span>{' '}
        {played ? (
          <span className="match-card-score">{`${match.home_score} - ${match.away_score}`}</span>
        ) : postponed ? (
          <span className="match-card-vs match-card-postponed">Postponed</span>
        ) : (
          <span className="match-card-vs">VS</span>
        )}{' '}
        <span className="match-card-team match-card-away">
          <TeamLogo logo={match.away_team_logo} name={match.away_team_name} size={36} decorative />
          <span className="match-card-name">{match.away_team_name}</span>
        </span>
      </div>{' '}
      <div className="match-card-meta">
        <time dateTime={match.date}>{formatMatchDate(match.date)}</time>{' '}
        {match.location && <span>{match.location}</span>}{' '}
        {match.approved === 'PENDING' && <span className="badge">Awaiting approval</span>}
      </div>
    </Link>
  );
}

/** Match cards as a list; the caller's class lays the list out. */
export function MatchList({ matches, className }: { matches: readonly Match[]; className: string }) {
  return (
    <ul className={className}>
      {matches.map((match) => (
        <li key={match.id}>
          <MatchCard match={match} />
        </li>
      ))}
    </ul>
  );
}
