/**
 * The 'Pending Match Results' table: one row per result waiting for review, seen from
 * the selected team's side. On a phone each row becomes a card (the cells keep their
 * column names as labels); the table semantics stay for assistive technology.
 */
import { ColumnHeads } from '@/components/column-heads';
import { TeamLogo } from '@/components/images';
import type { Match } from '@/lib/api-types';
import { formatMatchDate } from '@/lib/format';
import {
  playerName,
  scoreText,
  tally,
  viewpoint,
  type Players,
  type ReviewState,
} from './pending-results-data';

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
                  <span className="pending-score-line">
                    <span className="pending-score">{scoreText(view)}</span>{' '}
                    <span className="pending-side">({view.side})</span>
                  </span>
                </td>
                <td data-label="Goalscorers">
                  <Names lines={counted(match.goalscorers, players)} />
                </td>
                <td data-label="Assisters">
                  <Names lines={counted(match.assisters, players)} />
                </td>
                <td data-label="Goalkeepers">
                  <Names lines={tally(match.goalkeepers).map(({ id }) => playerName(players, id))} />
                </td>
                <td data-label="Actions" className="pending-cell-actions">
                  <button
                    type="button"
                    className="button pending-review-button"
                    aria-describedby={rowId}
                    onClick={() => onReview(match)}
                  >
                    Review
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

/** "North Town Forward × 4"; a single goal or assist needs no count in the compact table. */
function counted(ids: readonly string[], players: Players): string[] {
  return tally(ids).map(({ id, count }) =>
    count > 1 ? `${playerName(players, id)} × ${count}` : playerName(players, id),
  );
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
