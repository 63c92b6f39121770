/**
 * The chosen season's matches, for the admin to keep the calendar right: a match
 * without a report can be moved (a new local date and time, a new place) or postponed
 * and reinstated (its date and place kept). A reported or approved match is history:
 * the server refuses to reschedule it, so it is offered no such buttons.
 */
import { useId, useState } from 'react';
import { EmptyMessage } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { League, Match } from '@/lib/api-types';
import { formatMatchDate } from '@/lib/format';
import { isPostponed } from '@/lib/match-status';
import { isReported } from '../../../../api/domain/match-time';
import { useWrite } from '../shared/staff-write';
import { Field, FormFrame, SubmitButton, useFieldErrors, WriteFailure } from '../team-management/form-parts';
import { Loaded, leaguePath } from './league-write';

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

export function LeagueMatchesAdmin({ league }: { league: League }) {
  const id = useId();
  const matches = useApi<{ matches: Match[] }>(leaguePath(league.league_id, '/matches'));
  // What the server answered to this screen's changes, shown at once (the reload follows).
  const [changed, setChanged] = useState<ReadonlyMap<number, Match>>(new Map());
  // A season has a hundred matches or more: by default only those the calendar may still change.
  const [showReported, setShowReported] = useState(false);
  return (
    <Loaded
      state={matches}
      label="Loading matches..."
      failure="Failed to load matches. Please try again later."
    >
      {(data) => {
        if (data.matches.length === 0) return <EmptyMessage>No matches scheduled yet.</EmptyMessage>;
        const list = data.matches
          .map((match) => changed.get(match.id) ?? match)
          .sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);
        const open = list.filter((match) => !isReported(match));
        const shown = showReported ? list : open;
        return (
          <>
            <div className="leagues-section-head">
              <p className="leagues-note">
                {list.length} {list.length === 1 ? 'match' : 'matches'}, {open.length} without a report
              </p>
              <label className="leagues-check" htmlFor={`${id}-reported`}>
                <input
                  id={`${id}-reported`}
                  type="checkbox"
                  checked={showReported}
                  onChange={(event) => setShowReported(event.target.checked)}
                />
                Show matches with a report
              </label>
            </div>
            {shown.length === 0 ? (
              <EmptyMessage>Every match has a report.</EmptyMessage>
            ) : (
              <ul className="leagues-rows" aria-label={`Matches of ${league.league_name} ${league.season}`}>
                {shown.map((match) => (
                  <MatchRow
                    key={match.id}
                    match={match}
                    onChanged={(updated) => {
                      setChanged((all) => new Map(all).set(updated.id, updated));
                      matches.reload();
                    }}
                  />
                ))}
              </ul>
            )}
          </>
        );
      }}
    </Loaded>
  );
}

function MatchRow({ match, onChanged }: { match: Match; onChanged: (match: Match) => void }) {
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
  const { id, errors } = fields;
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
      <div className="manager-form-grid">
        <Field id={`${id}-when`} label="New date and time" error={errors.when}>
          <input
            {...fields.control('when')}
            type="datetime-local"
            value={when}
            autoFocus
            aria-required="true"
            onChange={(event) => {
              setWhen(event.target.value);
              fields.fix('when');
            }}
          />
        </Field>
        <Field id={`${id}-location`} label="Location">
          <input
            id={`${id}-location`}
            value={location}
            maxLength={200}
            onChange={(event) => setLocation(event.target.value)}
          />
        </Field>
      </div>
    </FormFrame>
  );
}
