/**
 * Leagues (super admins, and a league admin for the leagues they run): run a season
 * without the raw table editor. A picker of the league seasons (newest first) and
 * 'New season' (super admins only: the server lets only them create one) at the top;
 * under it the chosen season's sections — Details (with an invitation to its people),
 * Clubs, Rules, Fixtures, Results, Deductions, Import — one at a time, chosen from a
 * row of links. A whole season on one page was many screens tall on a phone; the
 * section lives in the address (`?section=clubs`), so Back and links work.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CsvImport } from '@/components/csv-import';
import { EmptyMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { formatMatchDate } from '@/lib/format';
import type { League, TeamSummary } from '@/lib/api-types';
import { administeredLeagues } from '@/lib/rights';
import type { StoredUser } from '@/lib/storage';
import { Field } from '../team-management/form-parts';
import { Deductions } from './deductions';
import { FixturesForm } from './fixtures-form';
import { LeagueDetails, NewLeagueForm, statusLabel } from './league-details';
import { LeagueMatchesAdmin } from './league-matches-admin';
import { LeagueRulesSection } from './league-rules-form';
import { LeagueTeams } from './league-teams';
import { Loaded, LeagueSection } from './league-write';
import { SectionNav, useSection, type SectionChoice } from './section-nav';
import './leagues.css';

// The invitation form loads with the chosen team or league, not with the tab: the tab's
// first screen is the list, and the panel is as large again.
const InvitePanel = lazy(() => import('@/components/invite-panel').then((m) => ({ default: m.InvitePanel })));

/** Newest season first; within a season by name. */
export function sortLeagues(leagues: readonly League[]): League[] {
  return [...leagues].sort(
    (a, b) =>
      b.season.localeCompare(a.season) ||
      a.league_name.localeCompare(b.league_name) ||
      a.league_id.localeCompare(b.league_id),
  );
}

export const leagueTitle = (league: League) => `${league.league_name} ${league.season}`;

export function LeaguesTab({ user }: { user: StoredUser }) {
  const id = useId();
  const mayCreate = administeredLeagues(user) === 'all';
  const leagues = useApi<{ leagues: League[] }>('/api/leagues');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // Seasons created or edited here, shown at once (the list's reload follows).
  const [written, setWritten] = useState<readonly League[]>([]);
  const newButton = useRef<HTMLButtonElement>(null);
  const refocusNew = useRef(false);

  // A cancelled form hands the focus back to 'New season' once that is shown again.
  useEffect(() => {
    if (!refocusNew.current || !newButton.current) return;
    refocusNew.current = false;
    newButton.current.focus();
  });

  const list = useMemo(() => {
    const byId = new Map((leagues.data?.leagues ?? []).map((league) => [league.league_id, league]));
    for (const league of written) byId.set(league.league_id, league);
    // A league admin sees only the leagues they run.
    const runs = administeredLeagues(user);
    const mine = [...byId.values()].filter((league) => runs === 'all' || runs.includes(league.league_id));
    return sortLeagues(mine);
  }, [leagues.data, written, user]);
  const selected = list.find((league) => league.league_id === chosenId) ?? list[0] ?? null;

  const remember = (league: League) => {
    setWritten((all) => [...all.filter((other) => other.league_id !== league.league_id), league]);
    leagues.reload();
  };

  const closeForm = (created?: League) => {
    setCreating(false);
    if (created) {
      remember(created);
      setChosenId(created.league_id); // the next step is the new season's teams and rules
    } else {
      refocusNew.current = true;
    }
  };

  return (
    <div className="manager-tm leagues-tab">
      <div className="manager-section-head">
        <h2 className="manager-section-title">Leagues</h2>
        <div className="leagues-tab-actions">
          {/* The leagues' people: here rather than in the app bar, which on a phone has no room left. */}
          <Link className="button button-secondary" to="/people">
            People
          </Link>
          {mayCreate && !creating && (
            <button ref={newButton} type="button" className="button" onClick={() => setCreating(true)}>
              New season
            </button>
          )}
        </div>
      </div>
      {creating && <NewLeagueForm onClose={closeForm} />}

      <Loaded
        state={leagues}
        label="Loading leagues..."
        failure="Failed to load leagues. Please try again later."
      >
        {() =>
          selected === null ? (
            <EmptyMessage>
              {mayCreate
                ? 'No leagues yet. Create the first season with New season.'
                : 'No leagues to run yet.'}
            </EmptyMessage>
          ) : (
            <>
              <div className="leagues-picker">
                <Field id={`${id}-league`} label="League">
                  <select
                    id={`${id}-league`}
                    value={selected.league_id}
                    onChange={(event) => setChosenId(event.target.value)}
                  >
                    {list.map((league) => (
                      <option key={league.league_id} value={league.league_id}>
                        {leagueTitle(league)} ({statusLabel(league.status)})
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <LeagueSeason
                key={selected.league_id}
                league={selected}
                onSaved={remember}
                invite={
                  <Suspense fallback={<Loading label="Loading invitations..." />}>
                    <InvitePanel
                      key={`invite-${selected.league_id}`}
                      scope={{ kind: 'league', leagueId: selected.league_id }}
                      memberships={user.memberships}
                      title={`Invite to ${selected.league_name}`}
                    />
                  </Suspense>
                }
              />
            </>
          )
        }
      </Loaded>
    </div>
  );
}

/** A fixtures import's preview row. */
interface FixtureRow {
  line: number;
  outcome: 'create' | 'error';
  match?: { home_team_name: string; away_team_name: string; date: string };
}

export type LeagueSectionKey =
  'details' | 'clubs' | 'rules' | 'fixtures' | 'results' | 'deductions' | 'import';

export const LEAGUE_SECTIONS: readonly [
  SectionChoice<LeagueSectionKey>,
  ...SectionChoice<LeagueSectionKey>[],
] = [
  { key: 'details', label: 'Details' },
  { key: 'clubs', label: 'Clubs' },
  { key: 'rules', label: 'Rules' },
  { key: 'fixtures', label: 'Fixtures' },
  { key: 'results', label: 'Results' },
  { key: 'deductions', label: 'Deductions' },
  { key: 'import', label: 'Import' },
];

/** The chosen season's sections, one shown; its registered teams are read once for Clubs, Results and Deductions. */
function LeagueSeason({
  league,
  onSaved,
  invite,
}: {
  league: League;
  onSaved: (league: League) => void;
  invite: ReactNode;
}) {
  const id = useId();
  const current = useSection(LEAGUE_SECTIONS);
  const registered = useApi<{ teams: TeamSummary[] }>(
    `/api/teams?league_id=${encodeURIComponent(league.league_id)}`,
  );
  const title = LEAGUE_SECTIONS.find((section) => section.key === current)?.label ?? '';
  const sectionId = `${id}-${current}`;
  return (
    <div className="leagues-sections" aria-label={leagueTitle(league)} role="group">
      <SectionNav label={`Sections of ${leagueTitle(league)}`} sections={LEAGUE_SECTIONS} current={current} />
      {current === 'details' && (
        <>
          <LeagueSection id={sectionId} title={title}>
            <LeagueDetails league={league} onSaved={onSaved} />
          </LeagueSection>
          {invite}
        </>
      )}
      {current === 'clubs' && (
        <LeagueSection id={sectionId} title={title} wide>
          <LeagueTeams league={league} registered={registered} onChanged={registered.reload} />
        </LeagueSection>
      )}
      {current === 'rules' && (
        <LeagueSection id={sectionId} title={title} wide>
          <LeagueRulesSection league={league} />
        </LeagueSection>
      )}
      {current === 'fixtures' && (
        <LeagueSection id={sectionId} title={title} wide>
          <FixturesForm league={league} onCreated={() => undefined} />
        </LeagueSection>
      )}
      {current === 'results' && (
        <LeagueSection id={sectionId} title={title} wide>
          <LeagueMatchesAdmin league={league} registered={registered.data?.teams ?? []} />
        </LeagueSection>
      )}
      {current === 'deductions' && (
        <LeagueSection id={sectionId} title={title} wide>
          <Deductions league={league} registered={registered} />
        </LeagueSection>
      )}
      {current === 'import' && (
        <LeagueSection id={sectionId} title={title} wide>
          <CsvImport<FixtureRow>
            title="Import fixtures from a spreadsheet"
            path={`/api/leagues/${encodeURIComponent(league.league_id)}/matches.csv`}
            columns="date,home_team,away_team,location"
            describe={(row) =>
              row.match
                ? `${row.match.home_team_name} vs ${row.match.away_team_name}, ${formatMatchDate(row.match.date)}`
                : ''
            }
          />
        </LeagueSection>
      )}
    </div>
  );
}
