/**
 * The chosen season's matches, filtered by club, days and state on the server and read
 * a page at a time, for the admin to keep the calendar right: a match
 * without a report can be moved (a new local date and time, a new place) or postponed
 * and reinstated (its date and place kept). A reported or approved match is history:
 * the server refuses to reschedule it, so it is offered no such buttons.
 */
import { useId, useState } from 'react';
import { EmptyMessage } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { apiJson } from '@/lib/api-client';
import type { League, Match, TeamSummary } from '@/lib/api-types';
import { formatMatchDate } from '@/lib/format';
import { isPostponed } from '@/lib/match-status';
import { isReported } from '../../../../api/domain/match-time';
import { unreportedCounts } from '../../../../api/domain/unreported';
import { plural } from '../../../../db/rules/words';
import { ShowMore, useLaterPages } from '../shared/later-pages';
import { useWrite } from '../shared/staff-write';
import { Field, FormFrame, SubmitButton, useFieldErrors, WriteFailure } from '../team-management/form-parts';
import { Loaded, leaguePath } from './league-write';
import { DeleteMatchAction } from './delete-match';

type ScheduleStatus = 'scheduled' | 'postponed';

/** A match from before the status field (an older offline copy) is scheduled. */
export function scheduleStatus(match: Match): ScheduleStatus {
  return isPostponed(match) ? 'postponed' : 'scheduled';
}

const REPORT_STATES: Record<Match['approved'], string> = {
  '': 'Reported',
  PENDING: 'Result awaiting approval',
  TRUE: 'Result approved',
  FALSE: 'Result rejected',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input's value, in the browser's time zone. */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A datetime-local value (the browser's local time) as an ISO instant in UTC; null when incomplete. */
export function instantOf(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const matchName = (match: Match) => `${match.home_team_name} vs ${match.away_team_name}`;

/** The server's match states, in the filter's words. */
export const STATE_CHOICES = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'awaiting', label: 'Awaiting a report' },
  { value: 'pending', label: 'Result awaiting approval' },
  { value: 'approved', label: 'Result approved' },
  { value: 'rejected', label: 'Result rejected' },
  { value: 'postponed', label: 'Postponed' },
] as const;

type MatchState = (typeof STATE_CHOICES)[number]['value'];

export interface MatchFilter {
  teamId: string;
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
  state: MatchState | '';
}

const NO_FILTER: MatchFilter = { teamId: '', from: '', to: '', state: '' };

const isFiltered = (filter: MatchFilter) => Object.values(filter).some((value) => value !== '');

/** Matches per page: a season has a hundred or more, a phone shows a few at a time. */
export const MATCHES_PAGE = 10;

interface MatchPage {
  matches: Match[];
  next_cursor: string | null;
}

/** The GET of one page of the season's matches that pass the filter. */
export function matchesPath(leagueId: string, filter: MatchFilter, cursor?: string): string {
  const query = new URLSearchParams();
  if (filter.teamId) query.set('team_id', filter.teamId);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (filter.state) query.set('state', filter.state);
  query.set('limit', String(MATCHES_PAGE));
  if (cursor !== undefined) query.set('cursor', cursor);
  return leaguePath(leagueId, `/matches?${query.toString()}`);
}

export function LeagueMatchesAdmin({
  league,
  registered,
}: {
  league: League;
  /** The season's clubs, for the filter. */
  registered: readonly TeamSummary[];
}) {
  const [filter, setFilter] = useState<MatchFilter>(NO_FILTER);
  const matches = useApi<MatchPage>(matchesPath(league.league_id, filter));
  const pages = useLaterPages(matches.data, (cursor) =>
    apiJson<MatchPage>(matchesPath(league.league_id, filter, cursor)),
  );
  // What the server answered to this screen's changes, shown at once (the reload follows).
  const [changed, setChanged] = useState<ReadonlyMap<number, Match>>(new Map());
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const filtered = isFiltered(filter);

  return (
    <>
      <MatchFilters league={league} registered={registered} filter={filter} onChange={setFilter} />
      <Loaded
        state={matches}
        label="Loading matches..."
        failure="Failed to load matches. Please try again later."
      >
        {(data) => {
          const list = [...data.matches, ...pages.later]
            .filter((match) => !deleted.has(match.id))
            .map((match) => changed.get(match.id) ?? match);
          if (list.length === 0) {
            return (
              <EmptyMessage>
                {filtered ? 'No matches match these filters.' : 'No matches scheduled yet.'}
              </EmptyMessage>
            );
          }
          // Only a match whose kick-off has passed can be missing its report.
          const unreported = list.filter((match) => !isReported(match));
          const open = unreportedCounts(
            unreported.map((match) => ({ match_date: match.date, status: match.status })),
            new Date(),
          );
          const state = [
            ...(unreported.length < list.length ? [`${list.length - unreported.length} reported`] : []),
            ...(open.upcoming > 0 ? [`${open.upcoming} upcoming`] : []),
            ...(open.past > 0 ? [`${open.past} past with no report`] : []),
          ].join(', ');
          return (
            <>
              <p className="leagues-note" role="status">
                {pages.next === null
                  ? `${plural(list.length, 'match', 'matches')}: ${state}`
                  : `The first ${list.length} matches: ${state}`}
              </p>
              <ul className="leagues-rows" aria-label={`Matches of ${league.league_name} ${league.season}`}>
                {list.map((match) => (
                  <MatchRow
                    key={match.id}
                    match={match}
                    onChanged={(updated) => setChanged((all) => new Map(all).set(updated.id, updated))}
                    onDeleted={(gone) => setDeleted((all) => new Set(all).add(gone.id))}
                  />
                ))}
              </ul>
              <ShowMore
                pages={pages}
                failure="Failed to load more matches. Please try again later."
                className="leagues-more"
              />
            </>
          );
        }}
      </Loaded>
    </>
  );
}

/** Club, first and last day, state: each change asks the server for the first page again. */
function MatchFilters({
  league,
  registered,
  filter,
  onChange,
}: {
  league: League;
  registered: readonly TeamSummary[];
  filter: MatchFilter;
  onChange: (filter: MatchFilter) => void;
}) {
  const id = useId();
  const set = (part: Partial<MatchFilter>) => onChange({ ...filter, ...part });
  const filtered = isFiltered(filter);
  const clubs = [...registered].sort((a, b) => a.team_name.localeCompare(b.team_name));
  return (
    <form
      className="leagues-filters"
      aria-label={`Filter the matches of ${league.league_name} ${league.season}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field id={`${id}-club`} label="Club">
        <select
          id={`${id}-club`}
          value={filter.teamId}
          onChange={(event) => set({ teamId: event.target.value })}
        >
          <option value="">All clubs</option>
          {clubs.map((team) => (
            <option key={team.team_id} value={team.team_id}>
              {team.team_name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-state`} label="State">
        <select
          id={`${id}-state`}
          value={filter.state}
          onChange={(event) => set({ state: event.target.value as MatchFilter['state'] })}
        >
          <option value="">Any state</option>
          {STATE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-from`} label="From">
        <input
          id={`${id}-from`}
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
      </Field>
      <Field id={`${id}-to`} label="To">
        <input
          id={`${id}-to`}
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </Field>
      {filtered && (
        <button
          type="button"
          className="button button-secondary manager-small-button"
          onClick={() => onChange(NO_FILTER)}
        >
          Clear filters
        </button>
      )}
    </form>
  );
}

function MatchRow({
  match,
  onChanged,
  onDeleted,
}: {
  match: Match;
  onChanged: (match: Match) => void;
  onDeleted: (match: Match) => void;
}) {
  const write = useWrite();
  const [moving, setMoving] = useState(false);
  const status = scheduleStatus(match);
  const reported = isReported(match);
  const name = matchName(match);

  const schedule = async (
    body: { date: string; location: string; status: ScheduleStatus },
    success: string,
  ) => {
    const result = await write.send<Match>(
      'PUT',
      `/api/matches/${encodeURIComponent(String(match.id))}/schedule`,
      body,
      { success, failure: 'Failed to update match' },
    );
    if (!result.ok) return false;
    onChanged(result.value);
    return true;
  };

  const toggle = () => {
    const date = new Date(match.date);
    void schedule(
      {
        date: Number.isNaN(date.getTime()) ? match.date : date.toISOString(),
        location: match.location,
        status: status === 'postponed' ? 'scheduled' : 'postponed',
      },
      status === 'postponed' ? 'Match reinstated' : 'Match postponed',
    );
  };

  return (
    <li className={status === 'postponed' ? 'leagues-row is-postponed' : 'leagues-row'}>
      <span className="leagues-row-main">
        <span className="leagues-row-title">{name}</span>
        <span className="leagues-row-meta">
          {formatMatchDate(match.date)}
          {match.location && ` · ${match.location}`}
        </span>
        {status === 'postponed' && <span className="badge leagues-badge">Postponed</span>}
        {reported && <span className="leagues-row-meta">{REPORT_STATES[match.approved]}</span>}
      </span>
      {!reported && !moving && (
        <span className="leagues-row-actions">
          <button
            type="button"
            className="button button-secondary manager-small-button"
            aria-label={`Move ${name}`}
            disabled={write.pending}
            onClick={() => {
              write.clearFailure();
              setMoving(true);
            }}
          >
            Move
          </button>
          <button
            type="button"
            className="button button-secondary manager-small-button"
            aria-label={`${status === 'postponed' ? 'Reinstate' : 'Postpone'} ${name}`}
            disabled={write.pending}
            onClick={toggle}
          >
            {status === 'postponed' ? 'Reinstate' : 'Postpone'}
          </button>
          <DeleteMatchAction match={match} onDeleted={onDeleted} />
        </span>
      )}
      {moving && (
        <MoveForm
          match={match}
          pending={write.pending}
          onCancel={() => {
            write.clearFailure();
            setMoving(false);
          }}
          onMove={async (date, location) => {
            const moved = await schedule({ date, location, status }, 'Match moved successfully');
            if (moved) setMoving(false);
          }}
        />
      )}
      <WriteFailure failure={write.failure} />
    </li>
  );
}

function MoveForm({
  match,
  pending,
  onCancel,
  onMove,
}: {
  match: Match;
  pending: boolean;
  onCancel: () => void;
  onMove: (date: string, location: string) => Promise<void>;
}) {
  const fields = useFieldErrors<'when'>();
  const [when, setWhen] = useState(() => localInputValue(match.date));
  const [location, setLocation] = useState(match.location);

  const submit = async () => {
    const date = instantOf(when);
    if (!date) {
      fields.report({ when: 'Choose the new date and time' });
      return;
    }
    await onMove(date, location.trim());
  };

  // The write's failure shows under the row, not in this form.
  return (
    <FormFrame
      className="manager-form leagues-move-form"
      label={`Move ${matchName(match)}`}
      onSubmit={submit}
      failure={null}
      actions={
        <>
          <SubmitButton pending={pending} label="Save Move" />
          <button type="button" className="button button-secondary" disabled={pending} onClick={onCancel}>
            Cancel
          </button>
        </>
      }
    >
      <KickoffFields
        fields={fields}
        whenLabel="New date and time"
        when={when}
        onWhen={setWhen}
        location={location}
        onLocation={setLocation}
      />
    </FormFrame>
  );
}

/** A match's date and time (required, the form's first field) and its place: moving a match or a previewed fixture. */
export function KickoffFields({
  fields,
  whenLabel,
  when,
  onWhen,
  location,
  onLocation,
}: {
  fields: ReturnType<typeof useFieldErrors<'when'>>;
  whenLabel: string;
  when: string;
  onWhen: (value: string) => void;
  location: string;
  onLocation: (value: string) => void;
}) {
  const { id, errors } = fields;
  return (
    <div className="manager-form-grid">
      <Field id={`${id}-when`} label={whenLabel} error={errors.when}>
        <input
          {...fields.control('when')}
          type="datetime-local"
          value={when}
          autoFocus
          aria-required="true"
          onChange={(event) => {
            onWhen(event.target.value);
            fields.fix('when');
          }}
        />
      </Field>
      <Field id={`${id}-location`} label="Location">
        <input
          id={`${id}-location`}
          type="text"
          value={location}
          maxLength={200}
          onChange={(event) => onLocation(event.target.value)}
        />
      </Field>
    </div>
  );
}
