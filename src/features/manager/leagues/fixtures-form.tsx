/**
 * Fixtures for the chosen season: the first match day, the kick-off time (the admin's
 * own local time: the browser's time zone is sent with it), the days between rounds and
 * single or double round robin. 'Preview fixtures' asks the server for the schedule
 * without saving it (a dry run); any previewed fixture's date, time or place can be
 * changed there, and 'Create N matches' sends the previewed list as edited (the server
 * checks it as any fixture).
 * A season that already has matches is refused (409) unless the admin chooses to
 * replace its fixtures not yet played or reported (upcoming ones, and past ones with no
 * report); reported matches stay.
 */
import { useId, useState } from 'react';
import { EmptyMessage } from '@/components/status';
import type { FixturePlan, League } from '@/lib/api-types';
import { formatMatchDate } from '@/lib/format';
import { browserZone } from '@/lib/time-zone';
import { isConflict, useWrite } from '../shared/staff-write';
import { Field, FormFrame, SubmitButton, useFieldErrors } from '../team-management/form-parts';
import { leaguePath } from './league-write';
import { instantOf, KickoffFields, localInputValue } from './league-matches-admin';
import { plural } from '../../../../db/rules/words';

export type FixtureMatch = FixturePlan['matches'][number];
type Fixtures = FixturePlan;

const matchesText = (count: number) => plural(count, 'match', 'matches');

export function groupByRound(matches: readonly FixtureMatch[]): { round: number; matches: FixtureMatch[] }[] {
  const rounds = new Map<number, FixtureMatch[]>();
  for (const match of matches) rounds.set(match.round, [...(rounds.get(match.round) ?? []), match]);
  return [...rounds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, list]) => ({
      round,
      matches: list.sort((a, b) => a.match_date.localeCompare(b.match_date)),
    }));
}

export function FixturesForm({ league, onCreated }: { league: League; onCreated: () => void }) {
  const write = useWrite();
  const fields = useFieldErrors<'startDate' | 'kickoff' | 'interval'>();
  const { id, errors } = fields;
  const [startDate, setStartDate] = useState('');
  const [kickoff, setKickoff] = useState('15:00');
  const [interval, setIntervalDays] = useState('7');
  const [rounds, setRounds] = useState<1 | 2>(2);
  const [offerReplace, setOfferReplace] = useState(false);
  const [replace, setReplace] = useState(false);
  const [preview, setPreview] = useState<Fixtures | null>(null);
  // The secretary changed a previewed fixture: the create call sends the list as edited.
  const [edited, setEdited] = useState(false);

  /** Any change makes the preview out of date: it goes, and the form asks again. */
  const changing = () => {
    setPreview(null);
    setEdited(false);
    write.clearFailure();
  };

  const send = async (dryRun: boolean) => {
    const days = interval.trim();
    const clean = fields.report({
      ...(!/^\d{4}-\d{2}-\d{2}$/.test(startDate) && { startDate: 'Choose the first match day' }),
      ...(!/^\d{2}:\d{2}$/.test(kickoff) && { kickoff: 'Choose the kick-off time' }),
      ...((!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 60) && {
        interval: 'Enter a whole number of days from 1 to 60',
      }),
    });
    if (!clean) return;
    const timeZone = browserZone();
    const result = await write.send<Fixtures>(
      'POST',
      leaguePath(league.league_id, '/fixtures'),
      {
        start_date: startDate,
        kickoff_time: kickoff,
        interval_days: Number(days),
        rounds,
        dry_run: dryRun,
        ...(replace && { replace_unplayed: true }),
        ...(timeZone && { time_zone: timeZone }),
        // Created as previewed, with the secretary's changes.
        ...(!dryRun &&
          edited &&
          preview && {
            matches: preview.matches.map(({ round, match_date, home_team, away_team, location }) => ({
              round,
              match_date,
              home_team,
              away_team,
              location,
            })),
          }),
      },
      dryRun
        ? { failure: 'Failed to preview fixtures' }
        : {
            success: ({ matches, removed }) =>
              removed > 0
                ? `${matchesText(matches.length)} created, ${matchesText(removed)} removed`
                : `${matchesText(matches.length)} created`,
            failure: 'Failed to create fixtures',
          },
    );
    if (result.ok) {
      if (dryRun) {
        setPreview(result.value);
        setEdited(false);
      } else {
        setPreview(null);
        setEdited(false);
        setOfferReplace(false);
        setReplace(false);
        onCreated();
      }
    } else {
      setPreview(null);
      if (isConflict(result)) setOfferReplace(true);
    }
  };

  return (
    <div className="leagues-stack">
      <FormFrame
        label={`Fixtures of ${league.league_name} ${league.season}`}
        onSubmit={() => send(true)}
        failure={write.failure}
        actions={
          <SubmitButton
            secondary
            pending={write.pending}
            label="Preview fixtures"
            pendingLabel="Preview fixtures"
          />
        }
      >
        <div className="manager-form-grid">
          <Field id={`${id}-startDate`} label="First match day" error={errors.startDate}>
            <input
              {...fields.control('startDate')}
              type="date"
              value={startDate}
              aria-required="true"
              onChange={(event) => {
                setStartDate(event.target.value);
                fields.fix('startDate');
                changing();
              }}
            />
          </Field>
          <Field id={`${id}-kickoff`} label="Kick-off time" error={errors.kickoff}>
            <input
              {...fields.control('kickoff')}
              type="time"
              value={kickoff}
              aria-required="true"
              onChange={(event) => {
                setKickoff(event.target.value);
                fields.fix('kickoff');
                changing();
              }}
            />
          </Field>
          <Field id={`${id}-interval`} label="Days between rounds" error={errors.interval}>
            <input
              {...fields.control('interval')}
              type="number"
              inputMode="numeric"
              min={1}
              max={60}
              step={1}
              value={interval}
              aria-required="true"
              onChange={(event) => {
                setIntervalDays(event.target.value);
                fields.fix('interval');
                changing();
              }}
            />
          </Field>
          <Field id={`${id}-rounds`} label="Format">
            <select
              id={`${id}-rounds`}
              value={rounds}
              onChange={(event) => {
                setRounds(event.target.value === '1' ? 1 : 2);
                changing();
              }}
            >
              <option value={2}>Home and away</option>
              <option value={1}>Each pair plays once</option>
            </select>
          </Field>
        </div>
        {offerReplace && (
          <label className="leagues-check">
            <input
              type="checkbox"
              checked={replace}
              onChange={(event) => {
                setReplace(event.target.checked);
                changing();
              }}
            />
            Replace fixtures not yet played or reported
          </label>
        )}
      </FormFrame>

      {preview && (
        <FixturesPreview
          fixtures={preview}
          creating={write.pending}
          onCreate={() => void send(false)}
          onEdit={(changed) => {
            setEdited(true);
            setPreview({
              ...preview,
              matches: preview.matches.map((match) =>
                fixtureKey(match) === fixtureKey(changed) ? changed : match,
              ),
            });
          }}
        />
      )}
    </div>
  );
}

/** A pair meets at most once at each ground: home and away name a previewed fixture. */
const fixtureKey = (match: FixtureMatch) => `${match.home_team}-${match.away_team}`;

function FixturesPreview({
  fixtures,
  creating,
  onCreate,
  onEdit,
}: {
  fixtures: Fixtures;
  creating: boolean;
  onCreate: () => void;
  onEdit: (match: FixtureMatch) => void;
}) {
  const id = useId();
  const now = new Date();
  const count = fixtures.matches.length;
  if (count === 0) {
    return <EmptyMessage>No matches to create: register at least two teams first.</EmptyMessage>;
  }
  const rounds = groupByRound(fixtures.matches);
  return (
    <section className="leagues-preview" aria-labelledby={`${id}-title`}>
      <div className="leagues-section-head">
        <h4 id={`${id}-title`} className="leagues-subtitle">
          Preview: {matchesText(count)} in {plural(rounds.length, 'round')}
        </h4>
        <button type="button" className="button" disabled={creating} onClick={onCreate}>
          {creating ? 'Creating…' : `Create ${matchesText(count)}`}
        </button>
      </div>
      {fixtures.removed > 0 && (
        <p className="leagues-note">
          {plural(fixtures.removed, 'fixture')} not yet played or reported will be removed and replaced.
        </p>
      )}
      <div className="leagues-preview-rounds" role="region" tabIndex={0} aria-label="Fixtures by round">
        {rounds.map(({ round, matches }) => (
          <section key={round} aria-labelledby={`${id}-round-${round}`} className="leagues-round">
            <h5 id={`${id}-round-${round}`} className="manager-roster-group-title">
              Round {round}
            </h5>
            <ul className="leagues-rows">
              {matches.map((match) => (
                <PreviewRow
                  key={fixtureKey(match)}
                  match={match}
                  now={now}
                  disabled={creating}
                  onEdit={onEdit}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

/** A previewed fixture, with Edit: a new local date and time, and a new place. */
function PreviewRow({
  match,
  now,
  disabled,
  onEdit,
}: {
  match: FixtureMatch;
  now: Date;
  disabled: boolean;
  onEdit: (match: FixtureMatch) => void;
}) {
  const fields = useFieldErrors<'when'>();
  const [editing, setEditing] = useState(false);
  const [when, setWhen] = useState('');
  const [location, setLocation] = useState('');
  const name = `${match.home_team_name} vs ${match.away_team_name}`;

  const open = () => {
    setWhen(localInputValue(match.match_date));
    setLocation(match.location);
    setEditing(true);
  };
  const save = async () => {
    const date = instantOf(when);
    if (!date) {
      fields.report({ when: 'Choose the date and time' });
      return;
    }
    onEdit({ ...match, match_date: date, location: location.trim() });
    setEditing(false);
  };

  return (
    <li className="leagues-row">
      <span className="leagues-row-main">
        <span className="leagues-row-title">{name}</span>
        <span className="leagues-row-meta">
          {formatMatchDate(match.match_date, now)}
          {match.location && ` · ${match.location}`}
        </span>
      </span>
      {!editing && (
        <span className="leagues-row-actions">
          <button
            type="button"
            className="button button-secondary manager-small-button"
            aria-label={`Edit ${name}`}
            disabled={disabled}
            onClick={open}
          >
            Edit
          </button>
        </span>
      )}
      {editing && (
        <FormFrame
          className="manager-form leagues-move-form"
          label={`Edit ${name}`}
          onSubmit={save}
          failure={null}
          actions={
            <>
              <SubmitButton pending={false} label="Save" />
              <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </>
          }
        >
          <KickoffFields
            fields={fields}
            whenLabel="Date and time"
            when={when}
            onWhen={setWhen}
            location={location}
            onLocation={setLocation}
          />
        </FormFrame>
      )}
    </li>
  );
}
