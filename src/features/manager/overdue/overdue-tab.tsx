/**
 * Overdue (issue #20, super admins): played matches past their league's
 * `report_deadline_hours` that still have no report, or whose report nobody has
 * reviewed, the oldest first (as the API sends them). Each links to its match page.
 * A table on a wide screen; on a phone each match is a card (the cells keep their
 * column names as labels).
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { apiJson } from '@/lib/api-client';
import { formatMatchDate } from '@/lib/format';
import { lateness } from '../../../../api/domain/overdue';
import type { OverdueMatchDto } from '../../../../api/schemas';
import './overdue.css';

export type OverdueMatch = OverdueMatchDto;

const OVERDUE_PATH = '/api/reports/overdue';

/** Behind the super admin's session, never stored: a keyed load that sends the token. */
function loadOverdue(path: string, signal: AbortSignal): Promise<{ matches: OverdueMatch[] }> {
  return apiJson<{ matches: OverdueMatch[] }>(path, { signal, auth: true });
}

/** What the match waits for, in the list's words. */
export const WAITING_LABEL: Record<OverdueMatch['waiting_for'], string> = {
  report: 'No report',
  review: 'Review',
};

/** The team that owes the review: the one that did not report (none when the league admin did). */
function reviewerName(match: OverdueMatch): string | null {
  if (match.reported_by_team === match.home_team) return match.away_team_name;
  if (match.reported_by_team === match.away_team) return match.home_team_name;
  return null;
}

export function OverdueTab() {
  const titleId = useId();
  const overdue = useApi(OVERDUE_PATH, { load: loadOverdue });
  const matches = overdue.data?.matches ?? [];

  let body;
  if (overdue.loading) body = <Loading label="Loading overdue results..." />;
  else if (overdue.error) {
    body = (
      <ErrorMessage onRetry={overdue.reload}>
        Failed to load overdue results. Please try again later.
      </ErrorMessage>
    );
  } else if (matches.length === 0) body = <EmptyMessage>No overdue results</EmptyMessage>;
  else body = <OverdueTable labelledBy={titleId} matches={matches} />;

  return (
    <section className="overdue" aria-labelledby={titleId}>
      <header className="overdue-header">
        <h2 id={titleId} className="manager-section-title">
          Overdue Results
        </h2>
        <p className="muted overdue-intro">
          Played matches past their league&apos;s report deadline: still without a report, or with a report
          nobody has reviewed. The oldest first.
        </p>
      </header>
      {body}
    </section>
  );
}

function OverdueTable({ labelledBy, matches }: { labelledBy: string; matches: OverdueMatch[] }) {
  return (
    <div className="card overdue-card">
      <table className="overdue-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Match</th>
            <th scope="col">League</th>
            <th scope="col">Waiting for</th>
            <th scope="col">Late</th>
          </tr>
        </thead>
        <tbody>
          {matches.map((match) => {
            const reviewer = match.waiting_for === 'review' ? reviewerName(match) : null;
            return (
              <tr key={match.match_id}>
                <td data-label="Date" className="overdue-cell-date">
                  {formatMatchDate(match.match_date)}
                </td>
                <td data-label="Match" className="overdue-cell-match">
                  <Link to={`/match/${match.match_id}`}>
                    {match.home_team_name} vs {match.away_team_name}
                  </Link>
                </td>
                <td data-label="League">
                  {match.league_name} {match.season}
                </td>
                <td data-label="Waiting for">
                  <span className={`badge overdue-waiting overdue-waiting-${match.waiting_for}`}>
                    {WAITING_LABEL[match.waiting_for]}
                  </span>
                  {reviewer && <span className="overdue-sub">by {reviewer}</span>}
                </td>
                <td data-label="Late">
                  <strong className="overdue-late">{lateness(match.hours_late)}</strong>
                  <span className="overdue-sub">Due {formatMatchDate(match.due_at)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
