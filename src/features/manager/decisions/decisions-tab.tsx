/**
 * "Needs decision" (/manager/decisions): one inbox per league for its secretary. Every
 * result that waits for the league, oldest first: a report to review (Approve, Reject),
 * two reports that differ (the shared review dialog, to choose one), a result past the
 * deadline (Enter result, or Remind the teams). An admin's notification about a result
 * opens `?league=…&match=…`, which picks the league and scrolls to that row.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useToast } from '@/components/toast';
import { useApi } from '@/hooks/use-api';
import type { League, Match } from '@/lib/api-types';
import { formatMatchDate, formatRelativeTime } from '@/lib/format';
import { administeredLeagues } from '@/lib/rights';
import type { StoredUser } from '@/lib/storage';
import { ReviewDialog } from '../pending/review-dialog';
import type { Players } from '../pending/pending-results-data';
import { useWrite } from '../shared/staff-write';
import { TabSection } from '../shared/tab-section';
import { Field, WriteFailure } from '../team-management/form-parts';
import { decisionsPath, kindText, loadDecisions, loadDispute, sinceText } from './decisions-data';
import type { DecisionItem } from '@/lib/api-types';
import './decisions.css';

export function DecisionsTab({ user }: { user: StoredUser }) {
  const titleId = useId();
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const leagues = useApi<{ leagues: League[] }>('/api/leagues');
  const runs = administeredLeagues(user);
  const mine = useMemo(
    () =>
      (leagues.data?.leagues ?? [])
        .filter((league) => runs === 'all' || runs.includes(league.league_id))
        .sort((a, b) => b.season.localeCompare(a.season) || a.league_name.localeCompare(b.league_name)),
    [leagues.data, runs],
  );
  const asked = params.get('league');
  const selected = mine.find((league) => league.league_id === asked) ?? mine[0] ?? null;
  const linked = Number(params.get('match') ?? '') || null;

  const choose = (leagueId: string) => setParams({ league: leagueId }, { replace: true });

  return (
    <TabSection
      titleId={titleId}
      title="Needs decision"
      intro="Results that wait for the league: reports to review, reports that differ, and results past their deadline."
    >
      {leagues.error ? (
        <ErrorMessage onRetry={leagues.reload}>Failed to load leagues. Please try again later.</ErrorMessage>
      ) : leagues.data === undefined ? (
        <Loading label="Loading leagues..." />
      ) : selected === null ? (
        <EmptyMessage>No leagues to run yet.</EmptyMessage>
      ) : (
        <>
          {mine.length > 1 && (
            <div className="decisions-picker">
              <Field id={pickerId} label="League">
                <select
                  id={pickerId}
                  value={selected.league_id}
                  onChange={(event) => choose(event.target.value)}
                >
                  {mine.map((league) => (
                    <option key={league.league_id} value={league.league_id}>
                      {league.league_name} {league.season}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          )}
          <DecisionList key={selected.league_id} league={selected} linked={linked} />
        </>
      )}
    </TabSection>
  );
}

function DecisionList({ league, linked }: { league: League; linked: number | null }) {
  const inbox = useApi(decisionsPath(league.league_id), { load: loadDecisions });
  const [done, setDone] = useState<ReadonlySet<number>>(new Set());
  const [disputed, setDisputed] = useState<DecisionItem | null>(null);
  const toast = useToast();
  const list = (inbox.data?.items ?? []).filter((item) => !done.has(item.match_id));
  const scrolled = useRef(false);

  // The notification's match: scrolled to once the list is there.
  useEffect(() => {
    if (linked === null || scrolled.current || inbox.data === undefined) return;
    scrolled.current = true;
    // jsdom has no scrollIntoView: the row is still marked.
    document.getElementById(`decision-${linked}`)?.scrollIntoView?.({ block: 'center' });
  }, [linked, inbox.data]);

  const decided = (item: DecisionItem) => {
    setDone((all) => new Set(all).add(item.match_id));
    inbox.reload();
  };

  if (inbox.error) {
    return (
      <ErrorMessage onRetry={inbox.reload}>Failed to load the results. Please try again later.</ErrorMessage>
    );
  }
  if (inbox.data === undefined) return <Loading label="Loading results..." />;
  const missing = linked !== null && !list.some((item) => item.match_id === linked) && !done.has(linked);
  return (
    <>
      {missing && (
        <p className="status status-empty decisions-gone" role="status">
          That match no longer needs a decision.
        </p>
      )}
      {list.length === 0 ? (
        <EmptyMessage>Nothing needs a decision.</EmptyMessage>
      ) : (
        <ul
          className="decisions-rows"
          aria-label={`Results of ${league.league_name} ${league.season} that need a decision`}
        >
          {list.map((item) => (
            <DecisionRow
              key={item.match_id}
              item={item}
              highlighted={item.match_id === linked}
              onDecided={decided}
              onChoose={setDisputed}
            />
          ))}
        </ul>
      )}
      {disputed && (
        <DisputeDialog
          item={disputed}
          onClose={() => setDisputed(null)}
          onDecided={(outcome) => {
            toast(
              'success',
              outcome === 'reject-report' ? 'Report rejected: the other report waits' : 'Result decided',
            );
            setDisputed(null);
            if (outcome === 'reject-report') inbox.reload();
            else decided(disputed);
          }}
        />
      )}
    </>
  );
}

const fixtureName = (item: DecisionItem) => `${item.home_team_name} vs ${item.away_team_name}`;

function DecisionRow({
  item,
  highlighted,
  onDecided,
  onChoose,
}: {
  item: DecisionItem;
  highlighted: boolean;
  onDecided: (item: DecisionItem) => void;
  onChoose: (item: DecisionItem) => void;
}) {
  const write = useWrite();
  const name = fixtureName(item);
  const review = async (action: 'approve' | 'reject') => {
    const result = await write.send('POST', `/api/matches/${item.match_id}/${action}`, undefined, {
      success: action === 'approve' ? 'Match approved' : 'Match rejected',
      failure: action === 'approve' ? 'Failed to approve match' : 'Failed to reject match',
    });
    if (result.ok) onDecided(item);
  };
  const remind = async () => {
    await write.send<{ detail: string }>('POST', `/api/matches/${item.match_id}/remind`, undefined, {
      success: (answer) => answer.detail,
      failure: 'Failed to send the reminder',
    });
  };
  const since = Date.parse(item.since);
  return (
    <li
      id={`decision-${item.match_id}`}
      className={highlighted ? 'decisions-row is-highlighted' : 'decisions-row'}
      aria-current={highlighted ? 'true' : undefined}
    >
      <span className="decisions-row-main">
        <span className={`badge decisions-kind-${item.kind}`}>{kindText(item)}</span>
        <span className="decisions-row-title">{name}</span>
        <span className="decisions-row-meta">
          Kick-off {formatMatchDate(item.date)} ·{' '}
          {sinceText(item, Number.isNaN(since) ? item.since : formatRelativeTime(since))}
        </span>
      </span>
      <span className="decisions-row-actions">
        {item.kind === 'disputed' ? (
          <button
            type="button"
            className="button manager-small-button"
            disabled={write.pending}
            onClick={() => onChoose(item)}
          >
            Choose report
          </button>
        ) : item.awaiting === 'review' ? (
          <>
            <button
              type="button"
              className="button button-secondary manager-small-button"
              aria-label={`Reject ${name}`}
              disabled={write.pending}
              onClick={() => void review('reject')}
            >
              Reject
            </button>
            <button
              type="button"
              className="button manager-small-button"
              aria-label={`Approve ${name}`}
              disabled={write.pending}
              onClick={() => void review('approve')}
            >
              Approve
            </button>
          </>
        ) : (
          <Link className="button manager-small-button" to={`/manager/match-report?match=${item.match_id}`}>
            Enter result
          </Link>
        )}
        <button
          type="button"
          className="button button-secondary manager-small-button"
          aria-label={`Remind the teams of ${name}`}
          disabled={write.pending}
          onClick={() => void remind()}
        >
          Remind
        </button>
      </span>
      <WriteFailure failure={write.failure} />
    </li>
  );
}

/** The two reports side by side, the league deciding on either: the Pending Results dialog. */
function DisputeDialog({
  item,
  onClose,
  onDecided,
}: {
  item: DecisionItem;
  onClose: () => void;
  onDecided: (outcome: 'approve' | 'reject' | 'reject-report') => void;
}) {
  const [loaded, setLoaded] = useState<{ match: Match; players: Players } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadDispute(item.match_id).then(
      (value) => live && setLoaded(value),
      (error: unknown) => {
        console.warn(error); // handled: the row says so
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [item.match_id]);
  if (failed) {
    return (
      <p className="manager-inline-error" role="alert">
        Failed to load the reports of {fixtureName(item)}. Please try again later.
      </p>
    );
  }
  if (!loaded) return <Loading label="Loading the reports..." />;
  return (
    <ReviewDialog
      match={loaded.match}
      teamId={item.home_team}
      players={loaded.players}
      reports={null}
      // The league's admins decide on either report, as a super admin does.
      isSuperAdmin
      canReview
      onClose={onClose}
      onReviewed={onDecided}
    />
  );
}
