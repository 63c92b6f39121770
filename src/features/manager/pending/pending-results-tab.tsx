/**
 * The Pending Results tab (spec section 2): team cards (a coach or owner sees only
 * their own team, already selected; a super admin sees every team, a league admin
 * their leagues' teams, a coach of two teams both), the selected
 * team's results that wait for review, and the review dialog. A team never reviews
 * its own report: it is only viewed, waiting for the other side. When the
 * two teams' reports differ the dialog shows both and either side may
 * approve the other's.
 *
 * `?match={id}` (a notification's link) opens that match's review, choosing the team
 * that reviews it for a user with several; a match no longer pending is said to be so.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TeamLogo } from '@/components/images';
import { EmptyMessage, ErrorMessage, listStatus, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { useLoggedFailure } from '@/hooks/use-logged-failure';
import type { Match, TeamSummary } from '@/lib/api-types';
import { adminsLeague, isSuperAdmin as superAdmin, staffsTeam } from '@/lib/rights';
import type { StoredUser } from '@/lib/storage';
import { staffTeamChoice } from '../shared/staff-loads';
import { ReviewDialog, type ReviewOutcome } from './review-dialog';
import { reviewState, usePendingMatches } from './pending-results-data';
import { PendingTable } from './pending-results-table';
import { TabSection } from '../shared/tab-section';
import { teamOfMatch, useLinkedMatch, useMatch } from '../shared/linked-match';
import './pending.css';
import { possessive } from '../../../../db/rules/words';

type TeamsAnswer = TeamSummary[] | { teams?: TeamSummary[] } | TeamSummary;

function teamList(answer: TeamsAnswer | undefined): TeamSummary[] {
  if (!answer) return [];
  if (Array.isArray(answer)) return answer;
  if ('team_id' in answer) return [answer];
  return answer.teams ?? [];
}

const DONE: Record<ReviewOutcome, string> = {
  approve: 'Report approved',
  reject: 'Report rejected',
  // One of two differing reports: the other one now waits for its review.
  'reject-report': 'Report rejected: the other report waits for review',
};

export function PendingResultsTab({ user }: { user: StoredUser }) {
  const { chooses, ownTeam } = staffTeamChoice(user);
  const titleId = useId();
  return (
    <TabSection
      titleId={titleId}
      title="Pending Results"
      intro="Results reported by the other side wait here for your approval. Approved results count in the league table."
    >
      {!chooses && !ownTeam ? (
        <EmptyMessage>No team found for your account</EmptyMessage>
      ) : (
        <PendingResults user={user} chooses={chooses} ownTeam={ownTeam} />
      )}
    </TabSection>
  );
}

function PendingResults({
  user,
  chooses,
  ownTeam,
}: {
  user: StoredUser;
  /** Picks among several teams (else `ownTeam` is shown, selected). */
  chooses: boolean;
  ownTeam: string | null;
}) {
  const teams = useApi<TeamsAnswer>('/api/teams');
  // Logged as 'Failed to fetch teams', shown as 'Failed to load teams. …' (spec section 8).
  useLoggedFailure(teams.error, 'Failed to fetch teams');
  const [chosen, setChosen] = useState<string | null>(null);
  const [banner, setBanner] = useState<{ id: number; text: string } | null>(null);
  const banners = useRef(0);
  const { linked, forget } = useLinkedMatch();
  // A link for a user with several teams: the match says which team reviews it.
  const linkedMatch = useMatch(chooses && chosen === null ? linked : null);

  const all = teamList(teams.data);
  const visible = !chooses
    ? all.filter((team) => team.team_id === ownTeam)
    : superAdmin(user)
      ? all
      : all.filter((team) => staffsTeam(user, team));
  const linkedTeam = linkedMatch.data && teamOfMatch(linkedMatch.data, visible, true);
  if (linkedTeam && chosen === null) setChosen(linkedTeam.team_id);
  // The link names a match none of the user's teams plays, or one that is gone.
  const unplaced = chooses && chosen === null && (linkedMatch.error || (linkedMatch.data && !linkedTeam));
  const selectedId = chooses ? chosen : ownTeam;
  const selected = visible.find((team) => team.team_id === selectedId) ?? null;

  if (teams.loading) return <Loading label="Loading teams..." />;
  if (teams.error) {
    return <ErrorMessage onRetry={teams.reload}>Failed to load teams. Please try again later.</ErrorMessage>;
  }
  if (visible.length === 0) {
    return <EmptyMessage>{chooses ? 'No teams found' : 'No team found for your account'}</EmptyMessage>;
  }

  const choose = (teamId: string) => {
    if (!chooses || teamId === chosen) return;
    setChosen(teamId);
    setBanner(null);
    forget();
  };

  return (
    <>
      <ul className="pending-teams" aria-label="Teams">
        {visible.map((team) => {
          const pressed = team.team_id === selectedId;
          return (
            <li key={team.team_id}>
              <button
                type="button"
                className="pending-team-card"
                aria-pressed={pressed}
                onClick={() => choose(team.team_id)}
              >
                <TeamLogo logo={team.logo} name={team.team_name} size={44} />
                <span className="pending-team-text">
                  <span className="pending-team-name">{team.team_name}</span>
                  {team.location && <span className="pending-team-location">{team.location}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {banner && (
        <Banner key={banner.id} onDismiss={() => setBanner(null)}>
          {banner.text}
        </Banner>
      )}
      {unplaced && linked !== null && <NotPending id={linked} match={linkedMatch.data} onDismiss={forget} />}
      {selected ? (
        <PendingMatches
          key={selected.team_id}
          team={selected}
          // Its league's admin (or a super admin) decides any report, their own side's too.
          isSuperAdmin={adminsLeague(user, selected.league_id)}
          scrollTo={chooses}
          linked={linked}
          onLinkDone={forget}
          onReviewed={(outcome) => setBanner({ id: ++banners.current, text: DONE[outcome] })}
        />
      ) : (
        <p className="pending-hint muted">Choose a team to see its pending results.</p>
      )}
    </>
  );
}

/**
 * The success banner after a review (or, `info`, what a link found); it takes focus so
 * the outcome is announced and reachable.
 */
function Banner({
  info = false,
  onDismiss,
  children,
}: {
  info?: boolean;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      className={info ? 'pending-banner pending-banner-info' : 'pending-banner'}
      role="status"
      tabIndex={-1}
    >
      <span>{children}</span>
      <button type="button" className="pending-banner-close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** What a link finds when its match no longer waits for this team's review, in plain words. */
function notPendingText(match: Match | undefined, teamName: string | undefined): string {
  const names = match ? `${match.home_team_name} vs ${match.away_team_name}` : 'This match';
  switch (match?.approved) {
    case 'TRUE':
      return `${names} no longer waits for review: its result has been approved.`;
    case 'FALSE':
      return `${names} no longer waits for review: its result has been rejected.`;
    case '':
      return `${names} has no result to review: nobody has reported it yet.`;
    default:
      return teamName
        ? `${names} is not among ${possessive(teamName)} results to review.`
        : `${names} is not among your teams' results to review.`;
  }
}

function NotPending({
  id,
  match,
  teamName,
  onDismiss,
}: {
  id: number;
  /** The match, once read (never, if it is gone). */
  match: Match | undefined;
  teamName?: string;
  onDismiss: () => void;
}) {
  return (
    <Banner info onDismiss={onDismiss}>
      {notPendingText(match, teamName)} <Link to={`/match/${id}`}>Open the match</Link>
    </Banner>
  );
}

function PendingMatches({
  team,
  isSuperAdmin,
  scrollTo,
  linked,
  onLinkDone,
  onReviewed,
}: {
  team: TeamSummary;
  isSuperAdmin: boolean;
  /** The team was picked from a grid: bring its results into view. */
  scrollTo: boolean;
  /** The match a link names (`?match=`): its review opens once the list has it. */
  linked: number | null;
  /** The linked review was opened and closed, or the match is not pending: forget the link. */
  onLinkDone: () => void;
  onReviewed: (outcome: ReviewOutcome) => void;
}) {
  const headingId = useId();
  const pending = usePendingMatches(team.team_id);
  const [reviewing, setReviewing] = useState<Match | null>(null);
  // The link whose review was opened, so that it opens once, not again after Close.
  const [opened, setOpened] = useState<number | null>(null);
  const listed = linked === null ? undefined : pending.data?.matches.find((match) => match.id === linked);
  if (linked !== opened && (linked === null || listed)) {
    setOpened(linked);
    if (listed) setReviewing(listed);
  }
  const gone = linked !== null && pending.data !== undefined && !listed;
  // Only to name the match (and its state) when it is not in the list.
  const goneMatch = useMatch(gone ? linked : null);
  const section = useRef<HTMLElement>(null);
  const isOwnReport = (match: Match) => !isSuperAdmin && match.reported_by_team === team.team_id;
  const reportsOf = (match: Match) => pending.data?.reports.get(match.id) ?? null;

  // A team picked from a long grid: bring its results into view.
  useEffect(() => {
    if (scrollTo) section.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [scrollTo]);

  const matches = pending.data?.matches ?? [];
  const body = listStatus(pending, matches.length, {
    loading: 'Loading pending matches...',
    failure: 'Failed to load pending matches. Please try again later.',
    empty: 'No pending matches found',
  }) ?? (
    <PendingTable
      labelledBy={headingId}
      matches={matches}
      teamId={team.team_id}
      players={pending.data?.players ?? new Map()}
      stateOf={(match) => reviewState(match, team.team_id, isSuperAdmin, reportsOf(match))}
      onReview={setReviewing}
    />
  );

  return (
    <section ref={section} className="pending-matches" aria-labelledby={headingId}>
      <div className="pending-matches-header">
        <h3 id={headingId}>Pending Match Results</h3>
        <span className="pending-matches-team">
          <TeamLogo logo={team.logo} name={team.team_name} size={24} />
          {team.team_name}
        </span>
      </div>
      {gone && linked !== null && !goneMatch.loading && (
        <NotPending id={linked} match={goneMatch.data} teamName={team.team_name} onDismiss={onLinkDone} />
      )}
      {body}
      {reviewing && pending.data && (
        <ReviewDialog
          match={reviewing}
          teamId={team.team_id}
          players={pending.data.players}
          reports={reportsOf(reviewing)}
          isSuperAdmin={isSuperAdmin}
          canReview={!isOwnReport(reviewing)}
          onClose={() => {
            setReviewing(null);
            if (linked !== null) onLinkDone();
          }}
          onReviewed={(outcome) => {
            setReviewing(null);
            if (linked !== null) onLinkDone();
            onReviewed(outcome);
            pending.reload();
          }}
        />
      )}
    </section>
  );
}
