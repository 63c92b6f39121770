/**
 * A score as every manager screen shows it: home club, home–away score, away club. The
 * viewer's own club is in bold with a "(you)" tag, so which side they are never depends
 * on the order.
 */
import type { Match } from '@/lib/api-types';
import { OWN_MARK } from './match-labels';
import './score-line.css';

type Sides = Pick<Match, 'home_team' | 'away_team' | 'home_team_name' | 'away_team_name'>;

function Club({ name, own }: { name: string; own: boolean }) {
  if (!own) return <span className="score-line-club">{name}</span>;
  return (
    <strong className="score-line-club score-line-own">
      {name} <span className="score-line-you">{OWN_MARK}</span>
    </strong>
  );
}

export function ScoreLine({
  match,
  teamId,
  home,
  away,
  className,
}: {
  match: Sides;
  /** The viewer's team (none: no club is marked). */
  teamId: string | null;
  home: number | null;
  away: number | null;
  className?: string;
}) {
  const score = home === null || away === null ? '–' : `${home} – ${away}`;
  return (
    <span className={className ? `score-line ${className}` : 'score-line'}>
      <Club name={match.home_team_name} own={match.home_team === teamId} />{' '}
      <span className="score-line-score">{score}</span>{' '}
      <Club name={match.away_team_name} own={match.away_team === teamId} />
    </span>
  );
}
