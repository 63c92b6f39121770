/**
 * Overdue (super admins; a league admin sees their leagues', as the server answers): played matches past their league's
 * `report_deadline_hours` that still have no report, or whose report nobody has
 * reviewed, the earliest kick-off first (as the API sends them). Each links to its
 * match page. A table on a wide screen; on a phone each match is a card (the cells
 * keep their column names as labels). A league with years of forgotten results has
 * tens of thousands: the tab asks for a page and shows more on request.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ColumnHeads } from '@/components/column-heads';
import { ErrorMessage, listStatus } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { apiJson } from '@/lib/api-client';
import { formatMatchDate } from '@/lib/format';
import { lateness } from '../../../../api/domain/overdue';
import type { OverdueListDto, OverdueMatchDto } from '../../../../api/schemas';
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

/** The pages after the first and the ask for the next one, kept for the first page they continue. */
interface LaterPages {
  after: OverdueListDto;
  matches: OverdueMatch[];
  next: string | null;
  state: 'idle' | 'loading' | 'failed';
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
  const [later, setLater] = useState<LaterPages | null>(null);
  // A reload of the first page starts the list again.
  const shown = later !== null && later.after === overdue.data ? later : null;
  const matches = [...(overdue.data?.matches ?? []), ...(shown?.matches ?? [])];
  const next = shown ? shown.next : (overdue.data?.next_cursor ?? null);
  const more = shown?.state ?? 'idle';

  const showMore = async () => {
    const first = overdue.data;
    if (next === null || first === undefined) return;
    const asked: LaterPages = { after: first, matches: shown?.matches ?? [], next, state: 'loading' };
    setLater(asked);
    try {
      const page = await loadOverdue(overduePath(next));
      setLater({
        after: first,
        matches: [...asked.matches, ...page.matches],
        next: page.next_cursor ?? null,
        state: 'idle',
      });
    } catch (error) {
      console.warn(error); // handled: the tab says so under the list
      setLater({ ...asked, state: 'failed' });
    }
  };

  const body = listStatus(overdue, matches.length, {
    loading: 'Loading overdue results...',
    failure: 'Failed to load overdue results. Please try again later.',
    empty: 'No overdue results',
  }) ?? (
    <>
      <OverdueTable labelledBy={titleId} matches={matches} />
      {more === 'failed' ? (
        <ErrorMessage onRetry={() => void showMore()}>
          Failed to load more overdue results. Please try again later.
        </ErrorMessage>
      ) : (
        next !== null && (
          <button
            type="button"
            className="button button-secondary overdue-more"
            onClick={() => void showMore()}
            disabled={more === 'loading'}
          >
            {more === 'loading' ? 'Loading...' : 'Show more'}
          </button>
        )
      )}
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
