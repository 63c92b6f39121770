/**
 * What the Match Report form shows about earlier reports of the match: why the team's
 * report was rejected (above the form), and, while the two teams' reports differ, the
 * other side's version in brief beside the form, which starts from the team's own.
 */
import type { MatchReportsDto } from '../../../../api/schemas';
import { countIds, idList } from '../../../../db/rules/id-lists';
import { possessive } from '../../../../db/rules/words';
import { ScoreLine } from '../shared/score-line';
import { cardStates } from './report-cards';
import type { ReportVersion, Sheet } from './report-sheet';

type TeamReport = MatchReportsDto['reports'][number];

/** The two versions of a disputed match from the team's side: its own, and the other side's. */
export interface Versions {
  mine: ReportVersion;
  theirs: TeamReport;
}

/**
 * While two reports differ and one is the team's: the team starts from its own (the
 * second report when theirs came second, the match's result when theirs came first).
 */
export function disputedVersions(reports: MatchReportsDto | null, teamId: string): Versions | null {
  if (!reports || reports.reports.length < 2) return null;
  const mine = reports.reports.find((report) => report.team_id === teamId);
  const theirs = reports.reports.find((report) => report !== mine);
  return mine && theirs ? { mine, theirs } : null;
}

/** The rejection of the team's report (or, for the league, of its own), while the match is rejected. */
export function rejectionOf(
  reports: MatchReportsDto | null,
  teamId: string,
  forLeague: boolean,
): NonNullable<MatchReportsDto['rejection']> | null {
  const rejection = reports?.rejection ?? null;
  if (rejection === null) return null;
  return rejection.team_id === teamId || (forLeague && rejection.team_id === null) ? rejection : null;
}

export function RejectionNote({ rejection }: { rejection: NonNullable<MatchReportsDto['rejection']> }) {
  const reason = rejection.reason.trim();
  return (
    <p className="report-note report-rejection" role="status">
      {reason ? `Rejected by ${rejection.rejected_by}: ${reason}` : `Rejected by ${rejection.rejected_by}.`}{' '}
      <span className="report-rejection-next">Correct your report below and submit it again.</span>
    </p>
  );
}

/** "West Rangers Forward × 2, East United Defender (own goal)". */
function namesText(ids: readonly string[], nameOf: (id: string) => string, suffix = ''): string[] {
  return countIds(idList(ids)).map(({ id, count }) =>
    count > 1 ? `${nameOf(id)} × ${count}${suffix}` : `${nameOf(id)}${suffix}`,
  );
}

const CARD_WORDS = {
  yellow: 'yellow',
  'second-yellow': '2nd yellow',
  red: 'red',
  'yellow-red': 'yellow + red',
  none: '',
} as const;

/** The other side's version in brief: the score (home–away), scorers, own goals and cards. */
export function OtherVersion({
  sheet,
  teamId,
  report,
  teamName,
}: {
  sheet: Sheet;
  teamId: string;
  report: TeamReport;
  teamName: string;
}) {
  const names = new Map([...sheet.home.players, ...sheet.away.players].map((player) => [player.id, player]));
  const nameOf = (id: string) => names.get(id)?.name ?? id;
  const scorers = [
    ...namesText(report.goalscorers, nameOf),
    ...namesText(idList(report.own_goals), nameOf, ' (own goal)'),
  ];
  const cards = Object.entries(cardStates(report)).map(
    ([id, state]) => `${nameOf(id)} (${CARD_WORDS[state]})`,
  );
  return (
    <aside className="report-other-version card" aria-label={`${possessive(teamName)} version`}>
      <h3 className="report-other-title">{possessive(teamName)} version</h3>
      <p className="report-other-score">
        <ScoreLine match={sheet.match} teamId={teamId} home={report.home_score} away={report.away_score} />
      </p>
      <dl className="report-other-facts">
        <div>
          <dt>Scorers</dt>
          <dd>{scorers.length > 0 ? scorers.join(', ') : 'None'}</dd>
        </div>
        <div>
          <dt>Cards</dt>
          <dd>{cards.length > 0 ? cards.join(', ') : 'None'}</dd>
        </div>
      </dl>
      <p className="report-hint muted">
        Your form starts from your own report. If theirs is right, send the same and the result is approved.
      </p>
    </aside>
  );
}
