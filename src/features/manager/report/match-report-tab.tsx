/**
 * Match Report tab (spec sections 2, 4 and 5): choose the team (a super_admin any, a
 * league admin their leagues', a coach of two teams one of them; staff with one team
 * have it chosen), one of its matches that have kicked off, then the score, who
 * scored and assisted, who kept goal and the cards, the team's own players first. A
 * submitted report is PENDING until the other side reviews it; the banner says what
 * happens next and links to the match. States: teams loading → match selection → form → submitted (form
 * closed, match list reloaded, form reset).
 *
 * `?match={id}` (an overdue or rejected report's notification) chooses that match, and its
 * team for a user with several.
 *
 * A rejected report shows the reviewer's reason above the form. While the two teams'
 * reports differ, the form starts from the team's own version, the other side's beside it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { TeamLogo } from '@/components/images';
import { ApiError } from '@/lib/api-client';
import { adminsLeague } from '@/lib/rights';
import type { StoredUser } from '@/lib/storage';
import { isReportable } from '../../../../api/domain/match-time';
import { reportProblems } from '../../../../api/domain/report-rules';
import { matchTitle } from '../shared/match-labels';
import { loadTeamMatches, usePausedLoad, useStaffTeams } from '../shared/staff-loads';
import { StaffTeamsLoaded } from '../shared/staff-teams-loaded';
import { opponentReportNote, reportOptionLabel, reportOutcomeText, reportRefusal } from './report-status';
import type { ReportAnswerDto } from '../../../../api/schemas';
import { initialDraft, loadSheet, reportBody, ReportFields, tallies, type Draft } from './report-sheet';
import { SAVED_OFFLINE, submitStaffWrite } from '@/lib/page-outbox';
import '../shared/match-forms.css';
import './report.css';
import { MatchPicker } from '../shared/match-picker';
import { disputedVersions, OtherVersion, RejectionNote, rejectionOf } from './report-versions';
import { teamOfMatch, useLinkedMatch, useMatch } from '../shared/linked-match';

const SUCCESS = 'Match report submitted successfully!';
const NO_MATCH = 'Please select a match first';
const FAILED = 'Failed to submit match report';
const notReportable = (team: string) =>
  `The match in your link is not among the played matches of ${team}: choose one below.`;
const NOT_YOURS =
  'The match in your link is not one of your teams’ matches: choose a team and a match below.';

type Banner = {
  kind: 'success' | 'queued' | 'error';
  /** With `sent`: what happens next, said after the specification's success text. */
  text: string;
  /** The match a sent report is about, with where to follow it. */
  sent?: { matchId: string; differs: boolean };
} | null;

export function MatchReportTab({ user }: { user: StoredUser }) {
  const teams = useStaffTeams(user);
  const ids = { team: useId(), match: useId(), title: useId() };

  const [chosenTeam, setChosenTeam] = useState('');
  // Staff with one team work for it only, chosen for them.
  const teamId = teams.chooses ? chosenTeam : (teams.ownTeam ?? '');
  const [matchId, setMatchId] = useState('');
  // Bumped after each submission, so choosing the same match again loads its new state.
  const [round, setRound] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const [submitting, setSubmitting] = useState(false);
  const { linked, forget } = useLinkedMatch();
  // The link followed (its match chosen, or why not said); its id until the address forgets it.
  const [followed, setFollowed] = useState<{ id: number | null; note: string | null } | null>(null);
  if (linked === null && followed && followed.id !== null) setFollowed({ ...followed, id: null });
  // For a user with several teams the linked match says which team reports it.
  const linkedMatch = useMatch(teams.chooses && !chosenTeam && linked !== followed?.id ? linked : null);
  useEffect(() => {
    if (linked !== null && linked === followed?.id) forget();
  }, [linked, followed, forget]);

  const matches = usePausedLoad(teamId || null, loadTeamMatches);
  const sheetKey = matchId ? `${matchId}:${round}` : null;
  const sheet = usePausedLoad(sheetKey, loadSheet);

  // A newly loaded match starts from the team's own report when two differ, else from the
  // report it holds (or from nothing).
  const versions = sheet.data ? disputedVersions(sheet.data.reports, teamId) : null;
  if (sheet.data && sheetKey !== null && draft?.key !== sheetKey) {
    setDraft(initialDraft(sheetKey, sheet.data, versions?.mine));
  }
  const form = sheet.data && draft?.key === sheetKey ? { sheet: sheet.data, draft } : null;

  if (teams.noTeam) return <EmptyMessage>No team found for your account</EmptyMessage>;

  const now = new Date();
  const team = teams.teams?.find((candidate) => candidate.team_id === teamId);
  // A super admin, or an admin of the team's league, reports for the league, not for one side.
  const forLeague = team !== undefined && adminsLeague(user, team.league_id);
  const reportable = (matches.data ?? [])
    .filter((match) => isReportable(match, teamId, now))
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  // Every state stays listed (spec section 5), but a season of approved results would
  // bury the one match still to report: the open ones come first.
  const groups = [
    { label: 'Not yet approved', matches: reportable.filter((match) => match.approved !== 'TRUE') },
    { label: 'Approved', matches: reportable.filter((match) => match.approved === 'TRUE') },
  ];

  if (linked !== null && linked !== followed?.id) {
    const linkedTeam = linkedMatch.data && teams.teams && teamOfMatch(linkedMatch.data, teams.teams, false);
    if (teams.chooses && !teamId && linkedTeam) setChosenTeam(linkedTeam.team_id);
    else if (teams.chooses && !teamId && (linkedMatch.error || (linkedMatch.data && teams.teams))) {
      setFollowed({ id: linked, note: NOT_YOURS });
    } else if (teamId && matches.data) {
      const found = reportable.some((match) => match.id === linked);
      if (found) setMatchId(String(linked));
      setFollowed({ id: linked, note: found ? null : notReportable(team?.team_name ?? teamId) });
    }
  }

  const refusal = form ? reportRefusal(form.sheet.match, teamId, forLeague) : null;
  const opponentNote =
    form && !refusal && !forLeague && !versions ? opponentReportNote(form.sheet.match, teamId) : null;
  const rejection = form ? rejectionOf(form.sheet.reports, teamId, forLeague) : null;
  const problems = form && !refusal ? reportProblems(tallies(form.sheet, form.draft)) : [];

  const chooseTeam = (next: string) => {
    // A new team starts over: no match, no selections (spec section 4).
    setChosenTeam(next);
    setMatchId('');
    setDraft(null);
    setBanner(null);
    setFollowed((link) => link && { ...link, note: null });
  };
  const chooseMatch = (next: string) => {
    setMatchId(next);
    setDraft(null);
    setBanner(null);
    setFollowed((link) => link && { ...link, note: null });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!matchId) {
      setBanner({ kind: 'error', text: NO_MATCH });
      return;
    }
    if (!form || refusal || problems.length > 0 || submitting) return;
    const body = reportBody(form.sheet, form.draft);
    // Show the normalised scores: what is sent is what the form says.
    setDraft({ ...form.draft, home: String(body.home_score), away: String(body.away_score) });
    setSubmitting(true);
    setBanner(null);
    try {
      // Without a connection the report waits in the outbox and is sent later, once.
      const result = await submitStaffWrite<ReportAnswerDto>({
        kind: 'match-report',
        method: 'POST',
        path: `/api/matches/${encodeURIComponent(matchId)}/report`,
        body,
        label: `${form.sheet.home.name} ${body.home_score}–${body.away_score} ${form.sheet.away.name} · ${matchTitle(form.sheet.match, teamId, now)}`,
      });
      setBanner(
        result.queued
          ? { kind: 'queued', text: SAVED_OFFLINE }
          : {
              kind: 'success',
              text: reportOutcomeText(result.data, teamId, forLeague),
              sent: { matchId, differs: result.data.outcome === 'differs' },
            },
      );
      setMatchId('');
      setDraft(null);
      setRound((n) => n + 1);
      matches.reload();
    } catch (error) {
      console.warn(error); // handled: the banner shows it
      setBanner({ kind: 'error', text: error instanceof ApiError ? error.detailText(FAILED) : FAILED });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="report" aria-labelledby={ids.title}>
      <header className="report-header">
        <h2 id={ids.title}>Match Report</h2>
        <p className="muted">
          Report the score and who scored, assisted and kept goal. The other team reviews it.
        </p>
      </header>

      <StaffTeamsLoaded teams={teams}>
        {(list) => (
          <form className="report-form card" onSubmit={(event) => void submit(event)} noValidate>
            <div className="report-pickers">
              {teams.chooses ? (
                <div className="field">
                  <label htmlFor={ids.team}>Team</label>
                  <select id={ids.team} value={teamId} onChange={(event) => chooseTeam(event.target.value)}>
                    <option value="">Select a team</option>
                    {list.map((option) => (
                      <option key={option.team_id} value={option.team_id}>
                        {option.team_name}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                <div className="field" role="group" aria-labelledby={ids.team}>
                  <span id={ids.team}>Team</span>
                  <p className="report-team">
                    <TeamLogo logo={team?.logo} name={team?.team_name ?? teamId} size={32} />
                    <span>{team?.team_name ?? teamId}</span>
                  </p>
                </div>
              )}

              {teamId && (
                <MatchPicker
                  id={ids.match}
                  matches={matches}
                  offered={reportable}
                  empty="No played matches to report"
                  value={matchId}
                  label={(match) => reportOptionLabel(match, teamId, now)}
                  onChoose={chooseMatch}
                >
                  {groups.map(
                    (group) =>
                      group.matches.length > 0 && (
                        <optgroup key={group.label} label={group.label}>
                          {group.matches.map((match) => (
                            <option key={match.id} value={String(match.id)}>
                              {reportOptionLabel(match, teamId, now)}
                            </option>
                          ))}
                        </optgroup>
                      ),
                  )}
                </MatchPicker>
              )}
            </div>

            {followed?.note && (
              <p className="report-note" role="status">
                {followed.note}
              </p>
            )}

            {matchId &&
              (sheet.error ? (
                <ErrorMessage onRetry={sheet.reload}>
                  Failed to load players. Please try again later.
                </ErrorMessage>
              ) : !form ? (
                <Loading label="Loading players..." />
              ) : (
                <>
                  {rejection && <RejectionNote rejection={rejection} />}
                  {refusal && <p className="report-note">{refusal}</p>}
                  {opponentNote && <p className="report-note report-note-info">{opponentNote}</p>}
                  <div className={versions ? 'report-with-other' : 'report-alone'}>
                    <ReportFields
                      sheet={form.sheet}
                      draft={form.draft}
                      teamId={teamId}
                      onChange={setDraft}
                      disabled={submitting || refusal !== null}
                    />
                    {versions && (
                      <OtherVersion
                        sheet={form.sheet}
                        teamId={teamId}
                        report={versions.theirs}
                        teamName={
                          versions.theirs.team_id === form.sheet.home.teamId
                            ? form.sheet.home.name
                            : versions.theirs.team_id === form.sheet.away.teamId
                              ? form.sheet.away.name
                              : 'The league admin'
                        }
                      />
                    )}
                  </div>
                  {problems.length > 0 && (
                    <div className="report-warning" aria-live="polite">
                      <p>Fix these before submitting:</p>
                      <ul>
                        {problems.map((problem) => (
                          <li key={problem}>{problem}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                </>
              ))}

            {banner && (
              <p
                className={`report-banner report-banner-${banner.kind}`}
                role={banner.kind === 'error' ? 'alert' : 'status'}
              >
                {banner.sent ? <span>{SUCCESS}</span> : banner.text}
                {banner.sent && (
                  <>
                    {' '}
                    <span>{banner.text}</span>{' '}
                    <span className="report-next">
                      <Link to={`/match/${encodeURIComponent(banner.sent.matchId)}`}>Open the match</Link>
                      {banner.sent.differs && (
                        <>
                          {' · '}
                          <Link to="/manager/pending-results">Pending Results</Link>
                        </>
                      )}
                    </span>
                  </>
                )}
              </p>
            )}
            <button
              type="submit"
              className="button report-submit"
              disabled={submitting || refusal !== null || problems.length > 0}
            >
              {submitting ? 'Submitting...' : 'Submit'}
            </button>
          </form>
        )}
      </StaffTeamsLoaded>
    </section>
  );
}
