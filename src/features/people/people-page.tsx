/**
 * /people: the people of the leagues one runs (a super admin: everyone). A search by
 * name or e-mail, 20 a page, each person's roles in words and a Locked badge; Manage
 * opens the person's sheet (roles, lock, sign-out, a password-reset link). Beside the
 * list, the invite panel for the site or the chosen league. The search and the page
 * are in the address, so Back walks through them and a search can be bookmarked.
 */
import { useEffect, useEffectEvent, useId, useMemo, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { InvitePanel, failureText } from '@/components/invite-panel';
import { PageHeader } from '@/components/page-header';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi, type ApiState } from '@/hooks/use-api';
import type { League, TeamSummary } from '@/lib/api-types';
import {
  leagueName,
  leaguesRun,
  membershipWords,
  peoplePath,
  type Me,
  type Names,
  type PeoplePage as PeopleAnswer,
  type Person,
} from '@/lib/people-api';
import { useSession } from '@/lib/session';
import { mayManagePeople } from '@/lib/rights';
import { PersonSheet } from './person-sheet';
import './people.css';

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 300;

export function PeoplePage() {
  const { user } = useSession();
  if (!mayManagePeople(user)) return <Navigate to="/" replace />;
  return <People />;
}

function People() {
  // The stored user may lack memberships (an older session): the server's answer decides.
  const me = useApi<{ user: Me }>('/api/auth/me');
  if (me.error) {
    return (
      <section className="page people-page">
        <PageHeader title="People" />
        <ErrorMessage onRetry={me.reload}>
          {failureText(me.error, 'Failed to load your account.')}
        </ErrorMessage>
      </section>
    );
  }
  if (!me.data) return <Loading label="Loading people..." />;
  const leagues = leaguesRun(me.data.user.memberships);
  if (leagues !== 'all' && leagues.length === 0) return <Navigate to="/" replace />;
  return <PeopleScreen me={me.data.user} leagues={leagues} />;
}

/** League and team names for the roles' words; ids stand in until (or unless) they load. */
function useNames(): Names {
  const leagues = useApi<{ leagues: League[] }>('/api/leagues', { cache: true });
  const teams = useApi<{ teams: TeamSummary[] }>('/api/teams', { cache: true });
  return useMemo(
    () => ({
      leagues: new Map((leagues.data?.leagues ?? []).map((league) => [league.league_id, leagueName(league)])),
      teams: new Map((teams.data?.teams ?? []).map((team) => [team.team_id, team])),
      teamsKnown: teams.data !== undefined,
    }),
    [leagues.data, teams.data],
  );
}

function PeopleScreen({ me, leagues }: { me: Me; leagues: 'all' | string[] }) {
  const names = useNames();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const people = useApi<PeopleAnswer>(peoplePath(q, page));
  const [managing, setManaging] = useState<Person | null>(null);

  const search = (text: string) => {
    const wanted = text.trim();
    if (wanted !== q) setParams(wanted === '' ? {} : { q: wanted }, { replace: true });
  };
  const goTo = (next: number) => {
    setParams({ ...(q !== '' && { q }), ...(next > 1 && { page: String(next) }) });
  };

  return (
    <section className="page people-page">
      <PageHeader
        title="People"
        subtitle={leagues === 'all' ? 'Everyone on Touchline' : 'The people of the leagues you run'}
      />
      <div className="people-layout">
        <section className="card people-directory" aria-labelledby="people-directory-title">
          <h2 id="people-directory-title" className="visually-hidden">
            Directory
          </h2>
          <SearchBox q={q} onSearch={search} />
          <PeopleList state={people} q={q} page={page} names={names} onManage={setManaging} onPage={goTo} />
        </section>
        <aside className="people-invite">
          <Invite me={me} leagues={leagues} names={names} />
        </aside>
      </div>
      {managing && (
        <PersonSheet
          person={managing}
          me={me}
          names={names}
          onClose={() => setManaging(null)}
          onChanged={people.reload}
        />
      )}
    </section>
  );
}

function SearchBox({ q, onSearch }: { q: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(q);
  // Back and Forward change the search in the address: the box follows.
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    if (typed.trim() !== q) setTyped(q);
  }

  // Sent once typing pauses; whatever the screen renders meanwhile does not restart the wait.
  const send = useEffectEvent(() => {
    if (typed.trim() !== q) onSearch(typed);
  });
  useEffect(() => {
    const timer = setTimeout(send, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <form
      role="search"
      className="people-search"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSearch(typed);
      }}
    >
      <label htmlFor={id} className="people-search-label">
        Search people
      </label>
      <input
        id={id}
        type="search"
        placeholder="Name or e-mail"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </form>
  );
}

function PeopleList({
  state,
  q,
  page,
  names,
  onManage,
  onPage,
}: {
  state: ApiState<PeopleAnswer>;
  q: string;
  page: number;
  names: Names;
  onManage: (person: Person) => void;
  onPage: (page: number) => void;
}) {
  if (state.error) {
    return (
      <ErrorMessage onRetry={state.reload}>{failureText(state.error, 'Failed to load people.')}</ErrorMessage>
    );
  }
  if (state.data === undefined) return <Loading label="Loading people..." />;
  const { users, total_pages: total } = state.data;
  const pages = Math.max(1, total);
  return (
    <>
      {users.length === 0 ? (
        <EmptyMessage>
          {q !== '' ? `No one matches “${q}”.` : page > 1 ? 'No one on this page.' : 'No people yet.'}
        </EmptyMessage>
      ) : (
        <ul className="people-list" aria-label="People">
          {users.map((person) => (
            <PersonRow key={person.id} person={person} names={names} onManage={() => onManage(person)} />
          ))}
        </ul>
      )}
      {(pages > 1 || page > 1) && (
        <nav className="people-pager" aria-label="Pages">
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1}
            onClick={() => onPage(Math.min(page - 1, pages))}
          >
            Previous
          </button>
          <span className="people-pager-where" aria-current="page">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}

function PersonRow({ person, names, onManage }: { person: Person; names: Names; onManage: () => void }) {
  return (
    <li className="people-row">
      <div className="people-row-main">
        <span className="people-name">
          {person.name}
          {person.locked && <span className="badge people-locked">Locked</span>}
        </span>
        <span className="people-email">{person.email}</span>
        <span className="people-roles">
          {person.memberships.length === 0 ? (
            <span className="people-role people-role-none">No roles</span>
          ) : (
            person.memberships.map((m, index) => (
              <span key={index} className="people-role">
                {membershipWords(m, names)}
              </span>
            ))
          )}
        </span>
      </div>
      <button
        type="button"
        className="button button-secondary people-manage"
        aria-label={`Manage ${person.name}`}
        onClick={onManage}
      >
        Manage
      </button>
    </li>
  );
}

/** The invite panel: anywhere for a super admin; a league admin's league (chosen, if several). */
function Invite({ me, leagues, names }: { me: Me; leagues: 'all' | string[]; names: Names }) {
  const id = useId();
  const [chosen, setChosen] = useState(leagues === 'all' ? '' : (leagues[0] ?? ''));
  if (leagues === 'all') return <InvitePanel scope={{ kind: 'site' }} memberships={me.memberships} />;
  const leagueId = leagues.includes(chosen) ? chosen : (leagues[0] ?? '');
  return (
    <div className="people-invite-stack">
      {leagues.length > 1 && (
        <div className="field people-invite-league">
          <label htmlFor={id}>Invite to league</label>
          <select id={id} value={leagueId} onChange={(event) => setChosen(event.target.value)}>
            {leagues.map((league) => (
              <option key={league} value={league}>
                {names.leagues.get(league) ?? league}
              </option>
            ))}
          </select>
        </div>
      )}
      <InvitePanel
        scope={{ kind: 'league', leagueId }}
        memberships={me.memberships}
        title={`Invite to ${names.leagues.get(leagueId) ?? 'your league'}`}
      />
    </div>
  );
}
