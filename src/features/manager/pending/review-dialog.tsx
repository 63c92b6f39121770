/**
 * The 'Review Match Result' dialog (spec section 2 "Pending Results tab"): the match
 * from the selected team's side, who scored, assisted and kept goal, the cards shown
 * (issue #19), and Close, Reject and Approve. A modal: focus moves in, Tab stays in, Escape closes, and
 * focus goes back where it came from.
 */
import { useId, useState } from 'react';
import { CardIcon } from '@/components/card-icon';
import { TeamLogo } from '@/components/images';
import { ModalDialog } from '@/components/modal-dialog';
import { ApiError } from '@/lib/api-client';
import type { Match } from '@/lib/api-types';
import { formatLongDate } from '@/lib/format';
import {
  numberedName,
  reporterName,
  scoreText,
  tally,
  viewpoint,
  type Players,
} from './pending-results-data';
import { sendStaffWrite } from '@/lib/staff-api';
import { Facts } from '@/components/facts';
import { matchCards } from '../report/report-cards';

export type ReviewAction = 'approve' | 'reject';

/** Reject, then Approve (the order of the specification's buttons). */
const REVIEW_BUTTONS: { action: ReviewAction; label: string }[] = [
  { action: 'reject', label: 'Reject' },
  { action: 'approve', label: 'Approve' },
];

/** Why Approve and Reject are off when the viewer's own team sent the report. */
export const OWN_REPORT_REASON = 'Your team reported this result: the opponent reviews it';

const FAILURE: Record<ReviewAction, string> = {
  approve: 'Failed to approve match',
  reject: 'Failed to reject match',
};

export function ReviewDialog({
  match,
  teamId,
  players,
  canReview,
  onClose,
  onReviewed,
}: {
  match: Match;
  teamId: string;
  players: Players;
  /** False when the viewer's own team reported the result (and the viewer is no super admin). */
  canReview: boolean;
  onClose: () => void;
  onReviewed: (action: ReviewAction) => void;
}) {
  const reasonId = useId();
  const [busy, setBusy] = useState<ReviewAction | null>(null);
  const [failure, setFailure] = useState<{ message: string; detail: string } | null>(null);
  const view = viewpoint(match, teamId);
  const reporter = reporterName(match);
  const cards = matchCards(match);

  const act = async (action: ReviewAction) => {
    setBusy(action);
    setFailure(null);
    try {
      await sendStaffWrite('POST', `/api/matches/${match.id}/${action}`);
    } catch (error) {
      console.warn(error); // handled: the dialog shows the failure
      const fallback = error instanceof Error ? error.message : '';
      setFailure({
        message: FAILURE[action],
        detail: error instanceof ApiError ? error.detailText(fallback) : fallback,
      });
      setBusy(null);
      return;
    }
    onReviewed(action);
  };

  return (
    <ModalDialog title="Review Match Result" onClose={onClose} busy={busy !== null} width="40rem">
      {/* It scrolls on a small screen: focusable, so the keyboard can scroll it too. */}
      <div className="modal-body pending-dialog-body" tabIndex={0}>
        <section className="pending-review-match" aria-label="Match details">
          <div className="pending-scoreline">
            <span className="pending-scoreline-team">
              <TeamLogo
                logo={view.side === 'home' ? match.home_team_logo : match.away_team_logo}
                name={view.ownName}
                size={40}
              />
              <span>{view.ownName}</span>
            </span>
            <strong className="pending-scoreline-score">{scoreText(view)}</strong>
            <span className="pending-scoreline-team pending-scoreline-opponent">
              <TeamLogo logo={view.opponentLogo} name={view.opponentName} size={40} />
              <span>{view.opponentName}</span>
            </span>
          </div>
          <Facts
            className="pending-facts"
            facts={[
              ['Date', formatLongDate(match.date)],
              ['Teams', `${match.home_team_name} vs ${match.away_team_name}`],
              ['Score', `${view.ownName} ${scoreText(view)} (${view.side})`],
              ['Reported by', reporter],
              ['Location', match.location],
            ]}
          />
        </section>

        <section className="pending-review-stats" aria-label="Player statistics">
          <StatGroup
            title="Goalscorers"
            empty="No goalscorers recorded"
            lines={tally(match.goalscorers).map(({ id, count }) => `${numberedName(players, id)} × ${count}`)}
          />
          <StatGroup
            title="Assisters"
            empty="No assisters recorded"
            lines={tally(match.assisters).map(({ id, count }) => `${numberedName(players, id)} × ${count}`)}
          />
          <StatGroup
            title="Goalkeepers"
            empty="No goalkeepers recorded"
            lines={tally(match.goalkeepers).map(({ id }) => numberedName(players, id))}
          />
          <StatGroup
            title="Yellow cards"
            empty="No yellow cards recorded"
            card="yellow"
            lines={tally(cards.yellow).map(({ id, count }) =>
              // Two yellows in one match are a sending-off.
              count > 1 ? `${numberedName(players, id)} × ${count} (sent off)` : numberedName(players, id),
            )}
          />
          <StatGroup
            title="Red cards"
            empty="No red cards recorded"
            card="red"
            lines={tally(cards.red).map(({ id }) => numberedName(players, id))}
          />
        </section>

        {failure && (
          <div className="pending-failure" role="alert">
            <strong>{failure.message}</strong>
            {failure.detail && <span>{failure.detail}</span>}
          </div>
        )}
        {!canReview && (
          <p id={reasonId} className="pending-own-report">
            {OWN_REPORT_REASON}
          </p>
        )}
      </div>

      <div className="modal-actions pending-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={busy !== null}>
          Close
        </button>
        {REVIEW_BUTTONS.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            className={`button pending-${action}`}
            onClick={() => void act(action)}
            disabled={!canReview || busy !== null}
            aria-describedby={canReview ? undefined : reasonId}
            aria-busy={busy === action}
          >
            {label}
          </button>
        ))}
      </div>
    </ModalDialog>
  );
}

function StatGroup({
  title,
  empty,
  lines,
  card,
}: {
  title: string;
  empty: string;
  lines: string[];
  /** Marks each name with the card's shape (the heading says which card in words). */
  card?: 'yellow' | 'red';
}) {
  const headingId = useId();
  return (
    <div className="pending-stat-group">
      <h3 id={headingId}>{title}</h3>
      {lines.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId}>
          {lines.map((line) => (
            <li key={line} className={card ? 'pending-card' : undefined}>
              {card && <CardIcon kind={card} />}
              {line}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
