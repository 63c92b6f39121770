/**
 * The body of a match report: both scores, goals and assists per player, own goals (each
 * counted for the other club), the goalkeepers and the cards shown, in that order, over
 * the two squads of the match (the saved squads, else the rosters: GET /api/matches/{id}
 * already falls back). Names, numbers and positions come from the two rosters; every list
 * of players is headed by its club, the reporting team's marked.
 */
import { useId, useState, type ReactNode } from 'react';
import { CardIcon } from '@/components/card-icon';
import type { Match, RosterPlayer } from '@/lib/api-types';
import { nameFromId } from '@/lib/format';
import { SCORE_MAX, type SideTally } from '../../../../api/domain/report-rules';
import { idCounts, idList } from '../../../../db/rules/id-lists';
import { loadMatch, loadRoster } from '../shared/staff-loads';
import { isAbort } from '@/lib/api-client';
import type { MatchReportsDto } from '../../../../api/schemas';
import { loadReports, reportsPath } from '../pending/pending-results-data';
import { CARD_CHOICES, cardLists, cardStates, matchCards, type CardState } from './report-cards';
import { possessive } from '../../../../db/rules/words';

export interface SheetPlayer {
  id: string;
  name: string;
  number: number | null;
  position: string;
}

export interface SheetSide {
  teamId: string;
  name: string;
  players: SheetPlayer[];
}

export interface Sheet {
  match: Match;
  home: SheetSide;
  away: SheetSide;
  /** The match's reports while one waits or was rejected (null: none, or not readable now). */
  reports: MatchReportsDto | null;
}

/**
 * The reports of a pending or rejected match: a second, differing one and the reason of a
 * rejection live there. Offline or refused, the form still loads, without them.
 */
async function reportsOf(match: Match, signal: AbortSignal): Promise<MatchReportsDto | null> {
  if (match.approved !== 'PENDING' && match.approved !== 'FALSE') return null;
  try {
    return await loadReports(reportsPath(match.id), signal);
  } catch (error) {
    if (isAbort(error)) throw error;
    console.warn(error); // handled: the form loads without them
    return null;
  }
}

/** What the form holds for one loaded sheet (`key` says which load it came from). */
export interface Draft {
  key: string;
  home: string;
  away: string;
  goals: Record<string, number>;
  /** Own goals per player: each counts for the player's opponent. */
  ownGoals: Record<string, number>;
  assists: Record<string, number>;
  keepers: string[];
  /** Players without an entry have no card. */
  cards: Record<string, CardState>;
}

/** The sheet key is `{matchId}:{round}`: a new round after each submission loads afresh. */
export async function loadSheet(key: string, signal: AbortSignal): Promise<Sheet> {
  const matchId = key.split(':')[0] ?? key;
  const match = await loadMatch(matchId, signal);
  const [homeRoster, awayRoster, reports] = await Promise.all([
    loadRoster(match.home_team, signal),
    loadRoster(match.away_team, signal),
    reportsOf(match, signal),
  ]);
  // Roster order (goalkeepers, defenders, midfielders, forwards, by number) reads best.
  const known = new Map<string, { player: RosterPlayer; order: number }>();
  [...homeRoster.players, ...awayRoster.players].forEach((player, order) =>
    known.set(player.id, { player, order }),
  );
  const cards = matchCards(match);
  const reported = [
    ...match.goalscorers,
    ...idList(match.own_goals),
    ...match.assisters,
    ...match.goalkeepers,
    ...cards.yellow,
    ...cards.red,
  ];
  const side = (teamId: string, name: string, squad: string[], taken = new Set<string>()): SheetSide => {
    // A reported player missing from the squad (the squad changed later) keeps the credit.
    const extra = reported.filter((id) => known.get(id)?.player.team_id === teamId);
    const ids = [...new Set([...squad, ...extra])].filter((id) => id.trim() !== '' && !taken.has(id));
    const players = ids.map((id) => {
      const entry = known.get(id);
      return {
        order: entry?.order ?? Number.MAX_SAFE_INTEGER,
        id,
        // Someone who has since left both clubs: the id is all the API still gives.
        name: entry?.player.name ?? nameFromId(id),
        number: entry ? entry.player.number : null,
        position: entry?.player.position ?? '',
      };
    });
    players.sort((a, b) => a.order - b.order);
    return { teamId, name, players: players.map(({ order: _order, ...player }) => player) };
  };
  const home = side(match.home_team, match.home_team_name, match.home_players);
  // One player, one side: the home list wins should both name someone.
  const away = side(
    match.away_team,
    match.away_team_name,
    match.away_players,
    new Set(home.players.map((player) => player.id)),
  );
  return { match, home, away, reports };
}

/** A score field's text as the whole number it stands for: non-numeric is 0, never negative. */
export function toScore(text: string): number {
  const value = Number.parseFloat(text);
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.trunc(value));
}

function counts(ids: string[]): Record<string, number> {
  return Object.fromEntries(idCounts(ids));
}

/** A report's score and lists, as the match answer and GET /api/matches/{id}/reports hold them. */
export type ReportVersion = Pick<
  Match,
  'home_score' | 'away_score' | 'goalscorers' | 'assisters' | 'goalkeepers' | 'yellow_cards' | 'red_cards'
> &
  Partial<Pick<Match, 'own_goals'>>;

/**
 * A fresh draft: `from` when given (the viewer's own earlier report), else the report the
 * match holds, else 0-0 and nothing credited.
 */
export function initialDraft(key: string, sheet: Sheet, from?: ReportVersion): Draft {
  const report = from ?? sheet.match;
  return {
    key,
    home: String(report.home_score ?? 0),
    away: String(report.away_score ?? 0),
    goals: counts(report.goalscorers),
    ownGoals: counts(idList(report.own_goals)),
    assists: counts(report.assisters),
    keepers: [...new Set(report.goalkeepers)],
    cards: cardStates(report),
  };
}

export function tallies(sheet: Sheet, draft: Draft): SideTally[] {
  return (['home', 'away'] as const).map((which) => {
    const side = sheet[which];
    const other = sheet[which === 'home' ? 'away' : 'home'];
    const sum = (of: Record<string, number>, players = side.players) =>
      players.reduce((total, player) => total + (of[player.id] ?? 0), 0);
    return {
      name: side.name,
      score: toScore(draft[which]),
      goals: sum(draft.goals),
      ownGoalsFor: sum(draft.ownGoals, other.players),
      assists: sum(draft.assists),
      keepers: side.players.filter((player) => draft.keepers.includes(player.id)).length,
    };
  });
}

/** The report body: an id once per goal, assist and card, squad order. */
export function reportBody(sheet: Sheet, draft: Draft) {
  const players = [...sheet.home.players, ...sheet.away.players];
  const repeat = (of: Record<string, number>) =>
    players.flatMap((player) => Array.from({ length: of[player.id] ?? 0 }, () => player.id));
  return {
    home_score: toScore(draft.home),
    away_score: toScore(draft.away),
    goalscorers: repeat(draft.goals),
    own_goals: repeat(draft.ownGoals),
    assisters: repeat(draft.assists),
    goalkeepers: players.filter((player) => draft.keepers.includes(player.id)).map((player) => player.id),
    ...cardLists(players, draft.cards),
    approved: 'PENDING',
  };
}

const STEP_MAX = SCORE_MAX;

const STEPPER_TITLE = { goal: 'Goals', assist: 'Assists', 'own goal': 'Own goals' } as const;

function Stepper({
  what,
  player,
  value,
  onChange,
}: {
  what: keyof typeof STEPPER_TITLE;
  player: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const title = STEPPER_TITLE[what];
  const article = what === 'goal' ? 'a' : 'an';
  return (
    <div className="report-stepper" role="group" aria-label={`${title} for ${player}`}>
      <span className="report-stepper-label" aria-hidden="true">
        {title}
      </span>
      <button
        type="button"
        className="report-step"
        aria-label={`Remove ${article} ${what} from ${player}`}
        disabled={value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        −
      </button>
      <output className={value > 0 ? 'report-count report-count-on' : 'report-count'}>{value}</output>
      <button
        type="button"
        className="report-step"
        aria-label={`Add ${article} ${what} for ${player}`}
        disabled={value >= STEP_MAX}
        onClick={() => onChange(Math.min(STEP_MAX, value + 1))}
      >
        +
      </button>
    </div>
  );
}

/**
 * One player's card: five radios in a row (one tab stop, arrow keys move), each with
 * its name in words beside the card shape, so colour is never the only sign.
 */
function CardChoice({
  player,
  value,
  onChange,
}: {
  player: string;
  value: CardState;
  onChange: (value: CardState) => void;
}) {
  const name = useId();
  return (
    <div className="report-cards" role="radiogroup" aria-label={`Cards for ${player}`}>
      {CARD_CHOICES.map((choice) => (
        <label key={choice.state} className={`report-card-choice report-card-${choice.state}`}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={choice.state}
            checked={value === choice.state}
            onChange={() => onChange(choice.state)}
          />
          <CardIcon kind={choice.state} />
          <span>{choice.label}</span>
        </label>
      ))}
    </div>
  );
}

function ScoreField({
  label,
  team,
  value,
  onChange,
}: {
  label: string;
  team: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="report-score">
      <label htmlFor={id} className="report-score-label">
        {label}
      </label>
      <span className="report-score-team" id={`${id}-team`}>
        {team}
      </span>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={SCORE_MAX}
        step={1}
        aria-describedby={`${id}-team`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // Whole numbers from 0: anything else becomes 0 (spec section 5).
        onBlur={(event) => onChange(String(toScore(event.target.value)))}
      />
    </div>
  );
}

/** Who on a side scored and assisted: one line a player, the side's totals in its heading. */
/** A side's name as its lists are headed: the reporting team's marked as the viewer's club. */
function ClubName({ side, own }: { side: SheetSide; own: boolean }) {
  return (
    <>
      {side.name}
      {own && (
        <>
          {' '}
          <span className="report-your-club">(your club)</span>
        </>
      )}
    </>
  );
}

function SideScorers({
  side,
  own,
  where,
  tally,
  draft,
  onChange,
}: {
  side: SheetSide;
  own: boolean;
  where: 'home' | 'away';
  tally: SideTally;
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const headingId = useId();
  const set = (field: 'goals' | 'assists', id: string, value: number) =>
    onChange({ ...draft, [field]: { ...draft[field], [id]: value } });
  return (
    <section className="report-side" aria-labelledby={headingId}>
      <header className="report-side-header">
        <h4 id={headingId}>
          <ClubName side={side} own={own} /> <span className="report-side-where">{where}</span>
        </h4>
        <p className="report-side-tally">
          Goals {tally.goals + (tally.ownGoalsFor ?? 0)} of {tally.score}
          {(tally.ownGoalsFor ?? 0) > 0 &&
            ` (${tally.ownGoalsFor} own goal${tally.ownGoalsFor === 1 ? '' : 's'})`}{' '}
          · Assists {tally.assists}
        </p>
      </header>
      {side.players.length === 0 ? (
        <p className="muted">No players listed for this team.</p>
      ) : (
        <>
          <p className="report-columns" aria-hidden="true">
            <span>Goals</span>
            <span>Assists</span>
          </p>
          <ul className="report-players">
            {side.players.map((player) => (
              <li key={player.id} className="report-player">
                <PlayerName player={player} />
                <span className="report-player-controls">
                  <Stepper
                    what="goal"
                    player={player.name}
                    value={draft.goals[player.id] ?? 0}
                    onChange={(value) => set('goals', player.id, value)}
                  />
                  <Stepper
                    what="assist"
                    player={player.name}
                    value={draft.assists[player.id] ?? 0}
                    onChange={(value) => set('assists', player.id, value)}
                  />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PlayerName({ player }: { player: SheetPlayer }) {
  return (
    <span className="report-player-who">
      <span className="report-number" aria-hidden={player.number === null}>
        {player.number ?? '–'}
      </span>
      <span className="report-player-text">
        <span className="report-player-name">{player.name}</span>
        {player.position && <span className="report-player-position">{player.position}</span>}
      </span>
    </span>
  );
}

/** What each side's part of the form is given: the side, whether it is the reporting team, the draft. */
interface SideEditor {
  side: SheetSide;
  own: boolean;
  draft: Draft;
  onChange: (draft: Draft) => void;
}

/** A side's goalkeeper checkboxes, side by side and wrapping. */
function SideKeepers({ side, own, draft, onChange }: SideEditor) {
  const toggleKeeper = (id: string, on: boolean) =>
    onChange({
      ...draft,
      keepers: on ? [...draft.keepers, id] : draft.keepers.filter((keeper) => keeper !== id),
    });
  if (side.players.length === 0) return null;
  return (
    <fieldset className="report-keepers">
      <legend>
        <ClubName side={side} own={own} />
      </legend>
      {side.players.map((player) => (
        <label key={player.id} className="report-keeper">
          <input
            type="checkbox"
            aria-label={`Goalkeeper: ${player.name}`}
            checked={draft.keepers.includes(player.id)}
            onChange={(event) => toggleKeeper(player.id, event.target.checked)}
          />
          <span aria-hidden="true">
            {player.number !== null && <span className="report-keeper-number">{player.number}</span>}
            {player.name}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A side's players under its club's heading (the reporting team's marked), one row a
 * player with its control beside the name: the cards and own goals blocks.
 */
function SidePlayers({
  side,
  own,
  note,
  rowClassName = 'report-player',
  control,
}: {
  side: SheetSide;
  own: boolean;
  /** Said after the club's name. */
  note?: string;
  rowClassName?: string;
  control: (player: SheetPlayer) => ReactNode;
}) {
  if (side.players.length === 0) return null;
  return (
    <div className="report-cards-side">
      <h4 className="report-cards-team">
        <ClubName side={side} own={own} />
        {note && (
          <>
            {' '}
            <span className="report-side-note">{note}</span>
          </>
        )}
      </h4>
      <ul className="report-players">
        {side.players.map((player) => (
          <li key={player.id} className={rowClassName}>
            <PlayerName player={player} />
            {control(player)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A side's cards: the five choices beside each name. */
function SideCards({ side, own, draft, onChange }: SideEditor) {
  return (
    <SidePlayers
      side={side}
      own={own}
      rowClassName="report-player report-card-row"
      control={(player) => (
        <CardChoice
          player={player.name}
          value={draft.cards[player.id] ?? 'none'}
          onChange={(value) => onChange({ ...draft, cards: { ...draft.cards, [player.id]: value } })}
        />
      )}
    />
  );
}

/** A side's own goals: a stepper beside each name, under a heading that says whom they count for. */
function SideOwnGoals({
  side,
  own,
  counts: countsFor,
  draft,
  onChange,
}: SideEditor & {
  /** The other club, for whom this side's own goals count. */
  counts: string;
}) {
  return (
    <SidePlayers
      side={side}
      own={own}
      note={`Count for ${countsFor}`}
      control={(player) => (
        <span className="report-player-controls">
          <Stepper
            what="own goal"
            player={player.name}
            value={draft.ownGoals[player.id] ?? 0}
            onChange={(value) => onChange({ ...draft, ownGoals: { ...draft.ownGoals, [player.id]: value } })}
          />
        </span>
      )}
    />
  );
}

/** Whether the draft credits the player with anything: then they are never hidden. */
export function credits(draft: Draft, playerId: string): boolean {
  return (
    (draft.goals[playerId] ?? 0) > 0 ||
    (draft.ownGoals[playerId] ?? 0) > 0 ||
    (draft.assists[playerId] ?? 0) > 0 ||
    draft.keepers.includes(playerId) ||
    (draft.cards[playerId] ?? 'none') !== 'none'
  );
}

const isKeeper = (player: SheetPlayer) => /keeper/i.test(player.position);

/**
 * The score and player fields of one loaded match, in the order they are filled in:
 * the score, who scored and assisted, the goalkeepers, the cards. The reporting
 * team's players come first; the opponent's (for their scorers, a card they were
 * shown) only when asked for, unless the report already credits one of them. An own
 * goal is put down to the player who scored it and counts for the other club.
 */
export function ReportFields({
  sheet,
  draft,
  teamId,
  onChange,
  disabled,
}: {
  sheet: Sheet;
  draft: Draft;
  /** The reporting team: its players first. */
  teamId: string;
  onChange: (draft: Draft) => void;
  disabled: boolean;
}) {
  const ids = { goals: useId(), ownGoals: useId(), keepers: useId(), cards: useId() };
  const [home, away] = tallies(sheet, draft);
  const ownWhere = sheet.away.teamId === teamId ? 'away' : 'home';
  const otherWhere = ownWhere === 'home' ? 'away' : 'home';
  const own = sheet[ownWhere];
  const other = sheet[otherWhere];
  // Until asked for, the opponent shows only the players the report already credits.
  const [showOpponent, setShowOpponent] = useState(false);
  // A goalkeeper is nearly always one listed as such: the others come when asked for.
  const [everyKeeper, setEveryKeeper] = useState(false);
  const opponent: SheetSide = showOpponent
    ? other
    : { ...other, players: other.players.filter((player) => credits(draft, player.id)) };
  const sides = opponent.players.length > 0 ? [own, opponent] : [own];
  const keeperSides = sides.map((side) => {
    if (everyKeeper || !side.players.some(isKeeper)) return side;
    return {
      ...side,
      players: side.players.filter((player) => isKeeper(player) || draft.keepers.includes(player.id)),
    };
  });
  const tally = { home, away };
  const anyCard = Object.values(draft.cards).some((card) => card !== 'none');
  const anyOwnGoal = Object.values(draft.ownGoals).some((count) => count > 0);
  return (
    <fieldset className="report-fields" disabled={disabled}>
      <legend className="visually-hidden">Result</legend>
      <div className="report-scores">
        <ScoreField
          label="Home score"
          team={sheet.home.name}
          value={draft.home}
          onChange={(value) => onChange({ ...draft, home: value })}
        />
        <span className="report-score-dash" aria-hidden="true">
          –
        </span>
        <ScoreField
          label="Away score"
          team={sheet.away.name}
          value={draft.away}
          onChange={(value) => onChange({ ...draft, away: value })}
        />
      </div>

      <section className="report-step-block" aria-labelledby={ids.goals}>
        <h3 id={ids.goals} className="report-block-title">
          Goals and assists
        </h3>
        {tally[ownWhere] && (
          <SideScorers
            side={own}
            own
            where={ownWhere}
            tally={tally[ownWhere]}
            draft={draft}
            onChange={onChange}
          />
        )}
        {opponent.players.length > 0 && tally[otherWhere] && (
          <SideScorers
            side={opponent}
            own={false}
            where={otherWhere}
            tally={tally[otherWhere]}
            draft={draft}
            onChange={onChange}
          />
        )}
        <button
          type="button"
          className="button button-secondary report-opponent-toggle"
          aria-expanded={showOpponent}
          onClick={() => setShowOpponent(!showOpponent)}
        >
          {showOpponent ? `Hide ${other.name} players` : `Show ${other.name} players`}
        </button>
        {!showOpponent && (
          <p className="report-hint muted">
            {`${possessive(other.name)} scorers, own goals, goalkeepers and cards: Show ${other.name} players.`}
          </p>
        )}
      </section>

      <details className="report-step-block report-own-goals-block" open={anyOwnGoal}>
        <summary className="report-block-title" id={ids.ownGoals}>
          Own goals
        </summary>
        <p className="report-hint muted">
          Put an own goal down to the player who scored it: it counts for the other club, and never among the
          player&apos;s goals.
        </p>
        {sides.map((side) => (
          <SideOwnGoals
            key={side.teamId}
            side={side}
            own={side.teamId === own.teamId}
            counts={side.teamId === sheet.home.teamId ? sheet.away.name : sheet.home.name}
            draft={draft}
            onChange={onChange}
          />
        ))}
      </details>

      <section className="report-step-block" aria-labelledby={ids.keepers}>
        <h3 id={ids.keepers} className="report-block-title">
          Goalkeepers
        </h3>
        {keeperSides.map((side) => (
          <SideKeepers
            key={side.teamId}
            side={side}
            own={side.teamId === own.teamId}
            draft={draft}
            onChange={onChange}
          />
        ))}
        {(everyKeeper || keeperSides.some((side, index) => side !== sides[index])) && (
          <button
            type="button"
            className="button button-secondary report-opponent-toggle"
            aria-expanded={everyKeeper}
            onClick={() => setEveryKeeper(!everyKeeper)}
          >
            {everyKeeper ? 'Show the goalkeepers only' : 'Show all players'}
          </button>
        )}
      </section>

      <details className="report-step-block report-cards-block" open={anyCard}>
        <summary className="report-block-title" id={ids.cards}>
          Cards
        </summary>
        <dl className="report-card-help">
          <div>
            <dt>2nd yellow</dt>
            <dd>a second yellow in this match: a sending-off, counted as a red for bans.</dd>
          </div>
          <div>
            <dt>Yellow + red</dt>
            <dd>a yellow, then a straight red.</dd>
          </div>
        </dl>
        {sides.map((side) => (
          <SideCards
            key={side.teamId}
            side={side}
            own={side.teamId === own.teamId}
            draft={draft}
            onChange={onChange}
          />
        ))}
      </details>
    </fieldset>
  );
}
