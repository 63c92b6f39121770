/**
 * The 'Review Match Result' dialog (spec section 2 "Pending Results tab"): the match
 * (home first, the selected team marked), who scored, assisted and kept goal, the cards
 * shown, each player with their club, and Close, Reject and Approve. A modal: focus moves
 * in, Tab stays in, Escape closes, and focus goes back where it came from.
 *
 * The selected team's own report is only viewed ('Match Result', Close alone): it waits
 * for the other side. Reject asks first: a reason (which the reporting team reads above
 * their report form), then 'Reject report'; Cancel goes back.
 *
 * Two reports: when the opponent answered a report with a differing one,
 * both are shown side by side (stacked on a phone), each differing field marked, and
 * each report has its own 'Approve this report' and 'Reject'. A team decides only on
 * the other team's report (the API refuses its own); a super admin decides on either.
 * The reports are asked for again on opening: a second report may have come since the
 * list loaded.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CardIcon } from '@/components/card-icon';
import { TeamLogo } from '@/components/images';
import { ModalDialog } from '@/components/modal-dialog';
import { useApi } from '@/hooks/use-api';
import { ApiError } from '@/lib/api-client';
import type { Match } from '@/lib/api-types';
import { formatLongDate, formatMatchDate } from '@/lib/format';
import {
  clubOf,
  hasTwoReports,
  loadReports,
  numberedName,
  reporterName,
  reportsPath,
  reportTeamName,
  reportTitle,
  tally,
  viewpoint,
  type MatchReports,
  type Players,
  type ReportField,
  type TeamReport,
} from './pending-results-data';
import { sendStaffWrite } from '@/lib/staff-api';
import { Facts } from '@/components/facts';
import { matchCards } from '../report/report-cards';
import { idList } from '../../../../db/rules/id-lists';
import { scoreText } from '../shared/match-labels';
import { ScoreLine } from '../shared/score-line';

export type ReviewAction = 'approve' | 'reject';
/** What a review did: 'reject-report' rejected one of two reports, and the other now waits. */
export type ReviewOutcome = ReviewAction | 'reject-report';

/** Reject, then Approve (the order of the specification's buttons). */
const REVIEW_BUTTONS: { action: ReviewAction; label: string }[] = [
  { action: 'reject', label: 'Reject' },
  { action: 'approve', label: 'Approve' },
];

/** The same, for one of two reports. */
const REPORT_BUTTONS: { action: ReviewAction; label: string }[] = [
  { action: 'reject', label: 'Reject' },
  { action: 'approve', label: 'Approve this report' },
];

/** Said instead of Approve and Reject on the viewer's own team's report. */
export function waitingText(opponentName: string): string {
  return `Waiting for ${opponentName} to review`;
}

/** The longest reason a rejection may give (the API's limit). */
export const REASON_MAX = 500;

/** Said in place of the actions on the viewer's own team's report, when two differ. */
export const OWN_COUNTER_REASON = "Your team's report: the other team or the league admin decides on it";

const FAILURE: Record<ReviewAction, string> = {
  approve: 'Failed to approve match',
  reject: 'Failed to reject match',
};

/** The field of a report each group shows, named as the dialog names it. */
interface GroupSpec {
  field: Exclude<ReportField, 'home_score' | 'away_score'>;
  title: string;
  empty: string;
  card?: 'yellow' | 'red';
}

const GROUPS: readonly GroupSpec[] = [
  { field: 'goalscorers', title: 'Goalscorers', empty: 'No goalscorers recorded' },
  { field: 'own_goals', title: 'Own goals', empty: 'No own goals recorded' },
  { field: 'assisters', title: 'Assisters', empty: 'No assisters recorded' },
  { field: 'goalkeepers', title: 'Goalkeepers', empty: 'No goalkeepers recorded' },
  { field: 'yellow_cards', title: 'Yellow cards', empty: 'No yellow cards recorded', card: 'yellow' },
  { field: 'red_cards', title: 'Red cards', empty: 'No red cards recorded', card: 'red' },
];

type ReportLists = Pick<TeamReport, GroupSpec['field']>;

/** One name of a group: "#9 North Town Forward × 4", and the club the player plays for in the match. */
interface GroupLine {
  id: string;
  text: string;
  club: string | null;
}

/** A group's lines; a second yellow is a sending-off, and an own goal counts for the other club. */
function groupLines(
  field: GroupSpec['field'],
  ids: readonly string[],
  players: Players,
  match: Match,
): GroupLine[] {
  const line = (id: string, text: string): GroupLine => {
    const club = clubOf(match, players, id);
    if (field !== 'own_goals' || club === null) return { id, text, club };
    const other = club === match.home_team_name ? match.away_team_name : match.home_team_name;
    return { id, text, club: `${club}, counts for ${other}` };
  };
  return tally(ids).map(({ id, count }) => {
    const name = numberedName(players, id);
    switch (field) {
      case 'goalscorers':
      case 'own_goals':
      case 'assisters':
        return line(id, `${name} × ${count}`);
      case 'yellow_cards':
        // Two yellows in one match are a sending-off.
        return line(id, count > 1 ? `${name} × ${count} (sent off)` : name);
      case 'goalkeepers':
      case 'red_cards':
        return line(id, name);
    }
  });
}

/** "the score, goalscorers and red cards": where two reports differ, in words. */
export function differencesText(differences: readonly ReportField[]): string {
  const names: string[] = [];
  if (differences.includes('home_score') || differences.includes('away_score')) names.push('the score');
  for (const group of GROUPS) {
    if (differences.includes(group.field)) names.push(group.title.toLowerCase());
  }
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

interface Busy {
  action: ReviewAction;
  /** The report's team when two differ; undefined for the one report. */
  report?: TeamReport;
}

export function ReviewDialog({
  match,
  teamId,
  players,
  reports: listed,
  isSuperAdmin,
  canReview,
  onClose,
  onReviewed,
}: {
  match: Match;
  teamId: string;
  players: Players;
  /** The reports as the list loaded them (null: not known), shown until the fresh answer comes. */
  reports: MatchReports | null;
  isSuperAdmin: boolean;
  /** False when the viewer's own team reported the result (and the viewer is no super admin). */
  canReview: boolean;
  onClose: () => void;
  onReviewed: (outcome: ReviewOutcome) => void;
}) {
  const [busy, setBusy] = useState<Busy | null>(null);
  // Reject asks for a reason first: the report it would reject (undefined: the one report).
  const [rejecting, setRejecting] = useState<{ report?: TeamReport } | null>(null);
  // With two reports the failure shows in the column of the report acted on, by its buttons.
  const [failure, setFailure] = useState<{ message: string; detail: string; report?: TeamReport } | null>(
    null,
  );
  // Asked again on opening; if that fails the list's answer (or the one report) stands.
  const fresh = useApi<MatchReports>(reportsPath(match.id), { load: loadReports });
  const reports = fresh.data ?? listed;
  const two = hasTwoReports(reports);

  const act = async (action: ReviewAction, report?: TeamReport, reason?: string) => {
    setBusy({ action, report });
    setFailure(null);
    const chosen = report?.team_id ? { team_id: report.team_id } : {};
    const body = reason !== undefined ? { ...chosen, reason } : report?.team_id ? chosen : undefined;
    try {
      await sendStaffWrite('POST', `/api/matches/${match.id}/${action}`, body);
    } catch (error) {
      console.warn(error); // handled: the dialog shows the failure
      const fallback = error instanceof Error ? error.message : '';
      setFailure({
        message: FAILURE[action],
        detail: error instanceof ApiError ? error.detailText(fallback) : fallback,
        report,
      });
      setBusy(null);
      return;
    }
    onReviewed(action === 'reject' && report ? 'reject-report' : action);
  };

  const failureBox = failure && (
    <div className="pending-failure" role="alert">
      <strong>{failure.message}</strong>
      {failure.detail && <span>{failure.detail}</span>}
    </div>
  );
  /** What either view of the reports shows: the match with the team marked, and a failure. */
  const shown = { match, teamId, players, failure: failureBox };
  const viewOnly = !two && !canReview;

  if (rejecting) {
    return (
      <ModalDialog title="Reject Report" onClose={onClose} busy={busy !== null} width="40rem">
        <RejectStep
          match={match}
          teamId={teamId}
          report={rejecting.report}
          busy={busy !== null}
          failure={failureBox}
          onCancel={() => {
            setRejecting(null);
            setFailure(null);
          }}
          onReject={(reason) => void act('reject', rejecting.report, reason)}
        />
      </ModalDialog>
    );
  }

  return (
    <ModalDialog
      title={viewOnly ? 'Match Result' : 'Review Match Result'}
      onClose={onClose}
      busy={busy !== null}
      width={two ? '60rem' : '40rem'}
    >
      {two ? (
        <TwoReports
          {...shown}
          reports={reports}
          isSuperAdmin={isSuperAdmin}
          busy={busy}
          onAct={(action, report) =>
            action === 'reject' ? setRejecting({ report }) : void act(action, report)
          }
          failedReport={failure?.report}
        />
      ) : (
        <OneReport {...shown} canReview={canReview} />
      )}

      <div className="modal-actions pending-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={busy !== null}>
          Close
        </button>
        {!two &&
          canReview &&
          REVIEW_BUTTONS.map(({ action, label }) => (
            <button
              key={action}
              type="button"
              className={`button pending-${action}`}
              onClick={() => (action === 'reject' ? setRejecting({}) : void act(action))}
              disabled={busy !== null}
              aria-busy={busy?.action === action}
            >
              {label}
            </button>
          ))}
      </div>
    </ModalDialog>
  );
}

/**
 * The rejection's second step: which report, a required reason (the reporting team reads
 * it above their form), and 'Reject report'; Cancel goes back to the report.
 */
function RejectStep({
  match,
  teamId,
  report,
  busy,
  failure,
  onCancel,
  onReject,
}: {
  match: Match;
  teamId: string;
  /** One of two reports; undefined: the match's one report. */
  report: TeamReport | undefined;
  busy: boolean;
  failure: ReactNode;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const ids = { reason: useId(), hint: useId(), error: useId() };
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reporter = report
    ? reportTeamName(match, report.team_id)
    : (reporterName(match) ?? 'The league admin');
  const home = report ? report.home_score : match.home_score;
  const away = report ? report.away_score : match.away_score;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setMissing(true);
      return;
    }
    onReject(trimmed);
  };
  return (
    <form className="pending-reject-step" onSubmit={submit} noValidate>
      <div className="modal-body pending-dialog-body">
        <p className="pending-reject-what">
          Reject {reportTitle(reporter)}: <ScoreLine match={match} teamId={teamId} home={home} away={away} />
        </p>
        <div className="field">
          <label htmlFor={ids.reason}>Reason</label>
          <textarea
            id={ids.reason}
            value={reason}
            maxLength={REASON_MAX}
            rows={4}
            required
            aria-invalid={missing}
            aria-describedby={missing ? `${ids.error} ${ids.hint}` : ids.hint}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim() !== '') setMissing(false);
            }}
          />
          <p id={ids.hint} className="muted pending-reject-hint">
            {reporter} will see this above their report form. {reason.length}/{REASON_MAX}
          </p>
          {missing && (
            <p id={ids.error} className="pending-reject-error" role="alert">
              Say why you reject the report
            </p>
          )}
        </div>
        {failure}
      </div>
      <div className="modal-actions pending-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button pending-reject" disabled={busy} aria-busy={busy}>
          Reject report
        </button>
      </div>
    </form>
  );
}

/** One report: the match (home first, the team marked) and its statistics. */
function OneReport({
  match,
  teamId,
  players,
  canReview,
  failure,
}: {
  match: Match;
  teamId: string;
  players: Players;
  canReview: boolean;
  failure: ReactNode;
}) {
  const view = viewpoint(match, teamId);
  const reporter = reporterName(match);
  const cards = matchCards(match);
  const lists: ReportLists = {
    goalscorers: match.goalscorers,
    own_goals: idList(match.own_goals),
    assisters: match.assisters,
    goalkeepers: match.goalkeepers,
    yellow_cards: cards.yellow,
    red_cards: cards.red,
  };
  return (
    /* It scrolls on a small screen: focusable, so the keyboard can scroll it too. */
    <div className="modal-body pending-dialog-body" tabIndex={0}>
      {/* First, so the one thing to know about the team's own report is seen without scrolling. */}
      {!canReview && <p className="pending-own-report">{waitingText(view.opponentName)}</p>}
      <section className="pending-review-match" aria-label="Match details">
        <div className="pending-scoreline">
          <ScorelineTeam logo={match.home_team_logo} name={match.home_team_name} own={view.side === 'home'} />
          <strong className="pending-scoreline-score">
            {match.home_score === null || match.away_score === null
              ? '–'
              : `${match.home_score} – ${match.away_score}`}
          </strong>
          <ScorelineTeam logo={match.away_team_logo} name={match.away_team_name} own={view.side === 'away'} />
        </div>
        <Facts
          className="pending-facts"
          facts={[
            ['Date', formatLongDate(match.date)],
            ['Teams', `${match.home_team_name} vs ${match.away_team_name}`],
            [
              'Score',
              match.home_score === null || match.away_score === null
                ? null
                : scoreText(match, teamId, match.home_score, match.away_score),
            ],
            ['Reported by', reporter],
            ['Location', match.location],
          ]}
        />
      </section>

      <section className="pending-review-stats" aria-label="Player statistics">
        <StatGroups lists={lists} players={players} match={match} />
      </section>

      {failure}
    </div>
  );
}

/** A club beside the score: its crest and name, and 'Your club' under the viewer's own. */
function ScorelineTeam({ logo, name, own }: { logo: string | null; name: string; own: boolean }) {
  return (
    <span className={own ? 'pending-scoreline-team pending-scoreline-own' : 'pending-scoreline-team'}>
      <TeamLogo logo={logo} name={name} size={40} />
      <span>{name}</span>
      {own && <span className="badge pending-your-club">Your club</span>}
    </span>
  );
}

/** Two differing reports side by side (stacked on a phone), the differences marked. */
function TwoReports({
  match,
  teamId,
  players,
  reports,
  isSuperAdmin,
  busy,
  onAct,
  failure,
  failedReport,
}: {
  match: Match;
  teamId: string;
  players: Players;
  reports: MatchReports;
  isSuperAdmin: boolean;
  busy: Busy | null;
  onAct: (action: ReviewAction, report: TeamReport) => void;
  failure: ReactNode;
  /** The report whose decision failed; none (or one no longer shown): the failure shows above both. */
  failedReport: TeamReport | undefined;
}) {
  const inColumn = failedReport !== undefined && reports.reports.includes(failedReport);
  const differing = differencesText(reports.differences);
  return (
    <div className="modal-body pending-dialog-body" tabIndex={0}>
      <section className="pending-review-match" aria-label="Match details">
        <Facts
          className="pending-facts"
          facts={[
            ['Date', formatLongDate(match.date)],
            ['Teams', `${match.home_team_name} vs ${match.away_team_name}`],
            ['Location', match.location],
          ]}
        />
      </section>
      <p className="pending-differ-note">
        <strong>The two teams&apos; reports differ</strong>
        {differing && ` in ${differing}`}. Compare them and approve the one that is right; fields marked
        &ldquo;Differs&rdquo; are not the same in both.
      </p>
      {!inColumn && failure}
      <div className="pending-reports">
        {reports.reports.map((report) => (
          <ReportColumn
            key={`${report.team_id ?? 'admin'}-${report.first ? 'first' : 'second'}`}
            match={match}
            teamId={teamId}
            report={report}
            players={players}
            differences={reports.differences}
            decidable={isSuperAdmin || report.team_id !== teamId}
            busy={busy}
            onAct={(action) => onAct(action, report)}
            failure={inColumn && report === failedReport ? failure : null}
          />
        ))}
      </div>
    </div>
  );
}

function ReportColumn({
  match,
  teamId,
  report,
  players,
  differences,
  decidable,
  busy,
  onAct,
  failure,
}: {
  match: Match;
  teamId: string;
  report: TeamReport;
  players: Players;
  differences: readonly ReportField[];
  /** False for the viewer's own team's report: the API lets only the other side decide on it. */
  decidable: boolean;
  busy: Busy | null;
  onAct: (action: ReviewAction) => void;
  /** Why deciding on this report failed, shown by its buttons. */
  failure: ReactNode;
}) {
  const headingId = useId();
  const sent = report.first ? 'Sent first' : 'Sent second';
  const scoreDiffers = differences.includes('home_score') || differences.includes('away_score');
  return (
    <section className="pending-report" aria-labelledby={headingId}>
      <div className="pending-report-head">
        <h3 id={headingId}>{reportTitle(reportTeamName(match, report.team_id))}</h3>
        <p className="pending-report-meta">
          {report.reported_at ? `${sent}, ${formatMatchDate(report.reported_at)}` : sent}
        </p>
      </div>
      <Field title="Score" level={4} differs={scoreDiffers}>
        <p className="pending-report-score">
          <ScoreLine match={match} teamId={teamId} home={report.home_score} away={report.away_score} />
        </p>
      </Field>
      <StatGroups
        lists={{ ...report, own_goals: idList(report.own_goals) }}
        players={players}
        match={match}
        level={4}
        differences={differences}
      />
      {failure}
      <div className="pending-report-actions">
        {decidable ? (
          REPORT_BUTTONS.map(({ action, label }) => (
            <button
              key={action}
              type="button"
              className={`button pending-${action}`}
              onClick={() => onAct(action)}
              disabled={busy !== null}
              aria-describedby={headingId}
              aria-busy={busy?.action === action && busy.report === report}
            >
              {label}
            </button>
          ))
        ) : (
          <p className="pending-own-report">{OWN_COUNTER_REASON}</p>
        )}
      </div>
    </section>
  );
}

/**
 * A titled part of a report. A field that differs from the other report says so in
 * words ('≠ Differs' on screen, 'Differs from the other report' to a screen reader),
 * with a bar and a tinted background: never by colour alone.
 */
function Field({
  title,
  level = 3,
  differs = false,
  children,
}: {
  title: string;
  level?: 3 | 4;
  differs?: boolean;
  /** The content, or a function of the heading's id and the 'Differs' mark's id (to label a list). */
  children: ReactNode | ((ids: { headingId: string; differsId: string | undefined }) => ReactNode);
}) {
  const headingId = useId();
  const tagId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  const ids = { headingId, differsId: differs ? tagId : undefined };
  return (
    <div className={differs ? 'pending-stat-group pending-differs' : 'pending-stat-group'}>
      <div className="pending-stat-head">
        <Heading id={headingId} className="pending-stat-title">
          {title}
        </Heading>
        {differs && (
          <>
            {/* Seen: the mark; heard (and the list's description): the sentence. */}
            <span className="pending-differs-tag" aria-hidden="true">
              ≠ Differs
            </span>
            <span id={tagId} className="visually-hidden">
              Differs from the other report
            </span>
          </>
        )}
      </div>
      {typeof children === 'function' ? children(ids) : children}
    </div>
  );
}

/** A report's groups of names (goalscorers to red cards), each under its heading. */
function StatGroups({
  lists,
  players,
  match,
  level = 3,
  differences = [],
}: {
  lists: ReportLists;
  players: Players;
  /** Whose players they are: each name says its club. */
  match: Match;
  level?: 3 | 4;
  /** The fields where two reports differ: their groups are marked. */
  differences?: readonly ReportField[];
}) {
  return (
    <>
      {GROUPS.map((group) => (
        <StatGroup
          key={group.field}
          group={group}
          level={level}
          differs={differences.includes(group.field)}
          lines={groupLines(group.field, lists[group.field], players, match)}
        />
      ))}
    </>
  );
}

function StatGroup({
  group: { title, empty, card },
  lines,
  level,
  differs,
}: {
  /** A card group marks each name with the card's shape (the heading says which card in words). */
  group: GroupSpec;
  lines: GroupLine[];
  level: 3 | 4;
  differs: boolean;
}) {
  return (
    <Field title={title} level={level} differs={differs}>
      {({ headingId, differsId }) =>
        lines.length === 0 ? (
          <p className="muted">{empty}</p>
        ) : (
          <ul aria-labelledby={headingId} aria-describedby={differsId}>
            {lines.map((line) => (
              <li key={line.id} className={card ? 'pending-card' : undefined}>
                {card && <CardIcon kind={card} />}
                {line.text}
                {line.club && <span className="pending-club"> · {line.club}</span>}
              </li>
            ))}
          </ul>
        )
      }
    </Field>
  );
}
