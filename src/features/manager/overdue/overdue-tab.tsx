/**
 * Overdue (super admins; a league admin sees their leagues', as the server answers): played matches past their league's
 * `report_deadline_hours` that still have no report, or whose report nobody has
 * reviewed, the earliest kick-off first (as the API sends them). Each links to its
 * match page. A table on a wide screen; on a phone each match is a card (the cells
 * keep their column names as labels). A league with years of forgotten results has
 * tens of thousands: the tab asks for a page and shows more on request.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ColumnHeads } from '@/components/column-heads';
import { listStatus } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { apiJson } from '@/lib/api-client';
import { formatMatchDate } from '@/lib/format';
import { lateness } from '../../../../api/domain/overdue';
import type { OverdueListDto, OverdueMatchDto } from '../../../../api/schemas';
import { ShowMore, useLaterPages } from '../shared/later-pages';
import { TabSection } from '../shared/tab-section';
import './overdue.css';

export type OverdueMatch = OverdueMatchDto;

/** Matches per page: a screenful or two, on a phone as on a desk. */
export const OVERDUE_PAGE = 50;

const overduePath = (cursor?: string) =>
  `/api/reports/overdue?limit=${OVERDUE_PAGE}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;

/** Behind an admin's session, never stored: a keyed load that sends the token. */
function loadOverdue(path: string, signal?: AbortSignal): Promise<OverdueListDto> {
  return apiJson<OverdueListDto>(path, { ...(signal && { signal }), auth: true });
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
  const overdue = useApi(overduePath(), { load: loadOverdue });
  const pages = useLaterPages(overdue.data, (cursor) => loadOverdue(overduePath(cursor)));
  const matches = [...(overdue.data?.matches ?? []), ...pages.later];

  const body = listStatus(overdue, matches.length, {
    loading: 'Loading overdue results...',
    failure: 'Failed to load overdue results. Please try again later.',
    empty: 'No overdue results',
  }) ?? (
    <>
      <OverdueTable labelledBy={titleId} matches={matches} />
      <ShowMore
        pages={pages}
        failure="Failed to load more overdue results. Please try again later."
        className="overdue-more"
      />
    </>
  );

  return (
    <TabSection
      titleId={titleId}
      title="Overdue Results"
      intro="Played matches past their league's report deadline: still without a report, or with a report nobody has reviewed. The earliest kick-off first."
    >
      {body}
    </TabSection>
  );
}

function OverdueTable({ labelledBy, matches }: { labelledBy: string; matches: OverdueMatch[] }) {
  return (
    <div className="card overdue-card">
      <table className="card-table overdue-table" aria-labelledby={labelledBy}>
        <ColumnHeads names={['Date', 'Match', 'League', 'Waiting for', 'Late']} />
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
