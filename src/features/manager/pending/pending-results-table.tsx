/**
 * The 'Pending Match Results' table: one row per result waiting for review, the score
 * home–away with the selected team marked, each player with their club. The team's own
 * report is only viewed (it waits for the other side). On a phone each row becomes a card
 * (the cells keep their column names as labels); the table semantics stay for assistive
 * technology.
 */
import { ColumnHeads } from '@/components/column-heads';
import { TeamLogo } from '@/components/images';
import type { Match } from '@/lib/api-types';
import { formatMatchDate } from '@/lib/format';
import { clubOf, playerName, tally, viewpoint, type Players, type ReviewState } from './pending-results-data';
import { ScoreLine } from '../shared/score-line';

/** The row's mark: why the team has (or has not) something to do. */
const BADGE: Record<ReviewState, string | null> = {
  review: null,
  'own-report': 'Reported by your team',
  'two-reports': 'Two reports differ',
};

export function PendingTable({
  labelledBy,
  matches,
  teamId,
  players,
  stateOf,
  onReview,
}: {
  labelledBy: string;
  matches: Match[];
  teamId: string;
  players: Players;
  stateOf: (match: Match) => ReviewState;
  onReview: (match: Match) => void;
}) {
  return (
    <div className="pending-table-wrap">
      <table className="card-table pending-table" aria-labelledby={labelledBy}>
        <ColumnHeads
          names={['Date', 'Opponent', 'Score', 'Goalscorers', 'Assisters', 'Goalkeepers', 'Actions']}
        />
        <tbody>
          {matches.map((match) => {
            const view = viewpoint(match, teamId);
            const rowId = `pending-match-${match.id}`;
            const state = stateOf(match);
            const badge = BADGE[state];
            return (
              <tr key={match.id}>
                <td data-label="Date" className="pending-cell-date">
                  {formatMatchDate(match.date)}
                </td>
                <td data-label="Opponent" className="pending-cell-opponent">
                  <span className="pending-opponent" id={rowId}>
                    <TeamLogo logo={view.opponentLogo} name={view.opponentName} size={28} />
                    <span>{view.opponentName}</span>
                  </span>
                </td>
                <td data-label="Score" className="pending-cell-score">
                  <ScoreLine match={match} teamId={teamId} home={match.home_score} away={match.away_score} />
                </td>
                <td data-label="Goalscorers">
                  <Names lines={counted(match, match.goalscorers, players)} />
                </td>
                <td data-label="Assisters">
                  <Names lines={counted(match, match.assisters, players)} />
                </td>
                <td data-label="Goalkeepers">
                  <Names lines={counted(match, match.goalkeepers, players)} />
                </td>
                <td data-label="Actions" className="pending-cell-actions">
                  <button
                    type="button"
                    className="button pending-review-button"
                    aria-describedby={rowId}
                    onClick={() => onReview(match)}
                  >
                    {state === 'own-report' ? 'View' : 'Review'}
                  </button>
                  {badge && (
                    <span className={state === 'two-reports' ? 'badge pending-badge-differs' : 'badge'}>
                      {badge}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "North Town Forward × 4 (North Town)"; a single goal or assist needs no count in the compact table. */
function counted(match: Match, ids: readonly string[], players: Players): string[] {
  return tally(ids).map(({ id, count }) => {
    const club = clubOf(match, players, id);
    const name = count > 1 ? `${playerName(players, id)} × ${count}` : playerName(players, id);
    return club ? `${name} (${club})` : name;
  });
}

function Names({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="pending-names">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
