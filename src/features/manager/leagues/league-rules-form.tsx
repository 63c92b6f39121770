/**
 * The chosen season's rules: points for a win, draw and loss, the tie-breakers in the
 * order the table applies them (moved up and down, added from the unused ones,
 * removed), the report deadline and the suspension thresholds. The limits are the
 * API's (LeagueRulesSchema in api/schemas.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useApi } from '@/hooks/use-api';
import type { League } from '@/lib/api-types';
import {
  TIEBREAKER_LABELS,
  TIEBREAKERS,
  type LeagueRules,
  type Tiebreaker,
} from '../../../../api/domain/league-rules';
import { useWrite } from '../shared/staff-write';
import {
  Field,
  FormFrame,
  SubmitButton,
  useFieldErrors,
  type FieldErrors,
} from '../team-management/form-parts';
import { Loaded, leaguePath } from './league-write';

const NUMBERS = [
  { key: 'win', label: 'Points for a win', min: 0, max: 10 },
  { key: 'draw', label: 'Points for a draw', min: 0, max: 10 },
  { key: 'loss', label: 'Points for a loss', min: 0, max: 10 },
  { key: 'deadline', label: 'Report deadline (hours)', min: 1, max: 24 * 30 },
  { key: 'red', label: 'Matches banned for a red card', min: 0, max: 20 },
  { key: 'yellowThreshold', label: 'Yellow cards before a ban', min: 1, max: 50 },
  { key: 'yellowMatches', label: 'Matches banned for yellow cards', min: 0, max: 20 },
] as const;

type NumberKey = (typeof NUMBERS)[number]['key'];
type Numbers = Record<NumberKey, string>;

function numbersOf(rules: LeagueRules): Numbers {
  return {
    win: String(rules.points.win),
    draw: String(rules.points.draw),
    loss: String(rules.points.loss),
    deadline: String(rules.report_deadline_hours),
    red: String(rules.suspensions.red_card_matches),
    yellowThreshold: String(rules.suspensions.yellow_card_threshold),
    yellowMatches: String(rules.suspensions.yellow_card_matches),
  };
}

/** Each number's problem, if any: whole and within its limits. */
function check(numbers: Numbers): FieldErrors<NumberKey> {
  const found: FieldErrors<NumberKey> = {};
  for (const { key, min, max } of NUMBERS) {
    const value = numbers[key].trim();
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      found[key] = `Enter a whole number from ${min} to ${max}`;
    }
  }
  return found;
}

function rulesOf(numbers: Numbers, tiebreakers: Tiebreaker[]): LeagueRules {
  const n = (key: NumberKey) => Number(numbers[key].trim());
  return {
    points: { win: n('win'), draw: n('draw'), loss: n('loss') },
    tiebreakers,
    report_deadline_hours: n('deadline'),
    suspensions: {
      red_card_matches: n('red'),
      yellow_card_threshold: n('yellowThreshold'),
      yellow_card_matches: n('yellowMatches'),
    },
  };
}

/** 'Goal difference' for a list entry (the labels are written for the middle of a sentence). */
export function tiebreakerLabel(name: Tiebreaker): string {
  const label = TIEBREAKER_LABELS[name];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export function LeagueRulesSection({ league }: { league: League }) {
  const rules = useApi<LeagueRules>(leaguePath(league.league_id, '/rules'));
  return (
    <Loaded
      state={rules}
      label="Loading rules..."
      failure="Failed to load the rules. Please try again later."
    >
      {(loaded) => <RulesForm league={league} rules={loaded} />}
    </Loaded>
  );
}

function RulesForm({ league, rules }: { league: League; rules: LeagueRules }) {
  const write = useWrite();
  const fields = useFieldErrors<NumberKey>();
  const { id, errors } = fields;
  const [saved, setSaved] = useState(rules);
  const [numbers, setNumbers] = useState(() => numbersOf(rules));
  const [tiebreakers, setTiebreakers] = useState<Tiebreaker[]>(rules.tiebreakers);
  const [adding, setAdding] = useState<Tiebreaker | ''>('');
  const unused = TIEBREAKERS.filter((name) => !tiebreakers.includes(name));
  const changed =
    JSON.stringify(numbers) !== JSON.stringify(numbersOf(saved)) ||
    tiebreakers.join() !== saved.tiebreakers.join();

  // A moved entry keeps the focus on its button (or the other one, at the end of the list).
  const moved = useRef<{ name: Tiebreaker; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!moved.current) return;
    const { name, by } = moved.current;
    moved.current = null;
    const button = (direction: -1 | 1) => {
      const found = document.getElementById(`${id}-${name}-${direction === -1 ? 'up' : 'down'}`);
      return found instanceof HTMLButtonElement ? found : null;
    };
    const same = button(by);
    (same && !same.disabled ? same : button(by === -1 ? 1 : -1))?.focus();
  }, [id, tiebreakers]);

  const move = (index: number, by: -1 | 1) => {
    const name = tiebreakers[index];
    if (name === undefined) return;
    const next = tiebreakers.filter((other) => other !== name);
    next.splice(index + by, 0, name);
    moved.current = { name, by };
    setTiebreakers(next);
  };

  const submit = async () => {
    if (!fields.report(check(numbers))) return;
    const result = await write.send<LeagueRules>(
      'PUT',
      leaguePath(league.league_id, '/rules'),
      rulesOf(numbers, tiebreakers),
      { success: 'Rules saved successfully', failure: 'Failed to save rules' },
    );
    if (result.ok) {
      setSaved(result.value);
      setNumbers(numbersOf(result.value));
      setTiebreakers(result.value.tiebreakers);
    }
  };

  const numberField = ({ key, label, min, max }: (typeof NUMBERS)[number]) => (
    <Field key={key} id={`${id}-${key}`} label={label} error={errors[key]}>
      <input
        {...fields.control(key)}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={numbers[key]}
        onChange={(event) => {
          const value = event.target.value;
          setNumbers((all) => ({ ...all, [key]: value }));
          fields.fix(key);
        }}
      />
    </Field>
  );

  return (
    <FormFrame
      label={`Rules of ${league.league_name} ${league.season}`}
      onSubmit={submit}
      failure={write.failure}
      actions={
        <>
          <SubmitButton pending={write.pending} disabled={!changed} label="Save Rules" />
          <button
            type="button"
            className="button button-secondary"
            disabled={write.pending || !changed}
            onClick={() => {
              setNumbers(numbersOf(saved));
              setTiebreakers(saved.tiebreakers);
              fields.clear();
              write.clearFailure();
            }}
          >
            Undo Changes
          </button>
        </>
      }
    >
      <fieldset className="leagues-fieldset">
        <legend>Points</legend>
        <div className="leagues-number-grid">{NUMBERS.slice(0, 3).map(numberField)}</div>
      </fieldset>

      <fieldset className="leagues-fieldset">
        <legend>Tie-breakers</legend>
        <p className="manager-field-hint">Teams level on points are separated by these, in this order.</p>
        <ol className="leagues-tiebreakers" aria-label="Tie-breakers in order">
          {tiebreakers.map((name, index) => {
            const label = tiebreakerLabel(name);
            return (
              <li key={name} className="leagues-tiebreaker">
                <span className="leagues-tiebreaker-place" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="leagues-tiebreaker-name">{label}</span>
                <span className="leagues-row-actions">
                  <button
                    id={`${id}-${name}-up`}
                    type="button"
                    className="button button-secondary manager-small-button"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    id={`${id}-${name}-down`}
                    type="button"
                    className="button button-secondary manager-small-button"
                    aria-label={`Move ${label} down`}
                    disabled={index === tiebreakers.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button-secondary manager-small-button manager-button-danger"
                    aria-label={`Remove ${label}`}
                    disabled={tiebreakers.length === 1}
                    onClick={() => setTiebreakers((list) => list.filter((other) => other !== name))}
                  >
                    ×
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
        {unused.length > 0 && (
          <div className="leagues-inline-fields">
            <Field id={`${id}-add`} label="Add a tie-breaker">
              <select
                id={`${id}-add`}
                value={adding}
                onChange={(event) => {
                  const value = unused.find((name) => name === event.target.value);
                  setAdding(value ?? '');
                }}
              >
                <option value="">Select a tie-breaker</option>
                {unused.map((name) => (
                  <option key={name} value={name}>
                    {tiebreakerLabel(name)}
                  </option>
                ))}
              </select>
            </Field>
            <button
              type="button"
              className="button button-secondary"
              disabled={adding === ''}
              onClick={() => {
                if (adding === '') return;
                setTiebreakers((list) => [...list, adding]);
                setAdding('');
              }}
            >
              Add
            </button>
          </div>
        )}
      </fieldset>

      <fieldset className="leagues-fieldset">
        <legend>Reports and suspensions</legend>
        <div className="leagues-number-grid">{NUMBERS.slice(3).map(numberField)}</div>
      </fieldset>
    </FormFrame>
  );
}
