/**
 * The Table tab: standings from approved results. On a narrow phone the table
 * scrolls sideways inside its own region with Pos, crest and Team pinned, so a
 * row stays readable while its numbers scroll.
 *
 * A team's points carry a marker when the league deducted some, with the
 * notes (team, points, reason) under the table, outside the scrolling region so they
 * wrap; and a row's position is a button that opens, below the row, why the team sits
 * above the next one. Answers from before either (cached offline copies) lack
 * `deductions` and `reasons` and show neither.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TeamLogo } from '@/components/images';
import { EmptyMessage } from '@/components/status';
import { useHydrated } from '@/hooks/use-hydrated';
import type { Deduction, StandingRow } from '@/lib/api-types';
import { placeExplanation, type PlaceReason } from './place-reason';
import { seasonStatus, useSeasonAnswer } from './season-answer';
import { plural } from '../../../db/rules/words';

const NUMBERS = [
  { key: 'played', label: 'P', title: 'Played' },
  { key: 'wins', label: 'W', title: 'Won' },
  { key: 'draws', label: 'D', title: 'Drawn' },
  { key: 'losses', label: 'L', title: 'Lost' },
  { key: 'goals_for', label: 'GF', title: 'Goals for' },
  { key: 'goals_against', label: 'GA', title: 'Goals against' },
] as const satisfies readonly { key: keyof StandingRow; label: string; title: string }[];

/** Pos, crest, Team, the numbers, GD and Pts: what an explanation row spans. */
const COLUMN_COUNT = 3 + NUMBERS.length + 2;

interface TableAnswer {
  standings?: StandingRow[] | null;
  deductions?: Deduction[] | null;
  reasons?: (PlaceReason | null)[] | null;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function deductedText(points: number): string {
  return `${plural(points, 'point')} deducted`;
}

/** Ids from the rows' own keys, so the server's render and the page's agree. */
const noteId = (deduction: Deduction) => `league-deduction-${deduction.id}`;
const reasonId = (row: StandingRow) => `league-place-${row.team_id}`;

function DeductionMark({ points, note }: { points: number; note: Deduction | undefined }) {
  const text = deductedText(points);
  return note ? (
    <a className="leagues-deduction-mark" href={`#${noteId(note)}`} aria-label={text}>
      *
    </a>
  ) : (
    <span className="leagues-deduction-mark" role="img" aria-label={text}>
      *
    </span>
  );
}

function DeductionNotes({ deductions }: { deductions: readonly Deduction[] }) {
  return (
    <ul className="leagues-notes" aria-label="Points deductions">
      {deductions.map((deduction) => (
        <li key={deduction.id} id={noteId(deduction)}>
          <span className="leagues-notes-mark" aria-hidden="true">
            *
          </span>
          <span>
            {deduction.team_name}: {deductedText(deduction.points)}
            {deduction.reason && ` – ${deduction.reason}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A position that explains itself: the button that opens why the team is above the next. */
function PlaceButton({
  expanded,
  controls,
  label,
  onClick,
  children,
}: {
  expanded: boolean;
  controls: string | undefined;
  label: string;
  onClick(): void;
  children: ReactNode;
}) {
  // A server-rendered button does nothing until its script runs: it is not offered until then.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="leagues-place-button"
      aria-expanded={expanded}
      disabled={!hydrated}
      aria-controls={controls}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function LeagueTable({ leagueId, season }: { leagueId: string; season: string }) {
  const answer = useSeasonAnswer<TableAnswer>(leagueId, 'table', season);
  // The team whose place is explained under its row; one at a time keeps the table short.
  const [open, setOpen] = useState<string | null>(null);
  const status = seasonStatus(answer, 'Loading table...');
  if (status) return status;
  const { data } = answer;
  const standings = data?.standings;
  if (!standings || standings.length === 0)
    return <EmptyMessage>No standings data received from API</EmptyMessage>;
  const deductions = data?.deductions ?? [];
  const reasons = data?.reasons ?? [];
  const firstNote = new Map<string, Deduction>();
  for (const deduction of deductions) {
    if (!firstNote.has(deduction.team_id)) firstNote.set(deduction.team_id, deduction);
  }

  return (
    <div className="leagues-table-block">
      <div
        className="leagues-table-scroll"
        role="region"
        aria-label={`League table, ${season} season`}
        tabIndex={0}
      >
        <table className="leagues-table">
          <thead>
            <tr>
              <th scope="col" className="leagues-col-pos">
                Pos
              </th>
              <th scope="col" className="leagues-col-logo">
                <span className="visually-hidden">Crest</span>
              </th>
              <th scope="col" className="leagues-col-team">
                Team
              </th>
              {NUMBERS.map((column) => (
                <th key={column.key} scope="col" className="leagues-col-num">
                  <abbr title={column.title}>{column.label}</abbr>
                </th>
              ))}
              <th scope="col" className="leagues-col-num">
                <abbr title="Goal difference">GD</abbr>
              </th>
              <th scope="col" className="leagues-col-num leagues-col-pts">
                <abbr title="Points">Pts</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {standings.map((row, index) => {
              const position = row.position || index + 1;
              const next = standings[index + 1];
              const explanation =
                next === undefined
                  ? null
                  : placeExplanation(
                      { position, team_name: row.team_name },
                      { position: next.position || index + 2, team_name: next.team_name },
                      reasons[index] ?? null,
                    );
              const expanded = explanation !== null && open === row.team_id;
              const deducted = row.deducted ?? 0;
              return (
                <Fragment key={row.team_id}>
                  <tr className={expanded ? 'leagues-row-open' : undefined}>
                    <td className="leagues-col-pos">
                      {explanation === null || next === undefined ? (
                        position
                      ) : (
                        <PlaceButton
                          expanded={expanded}
                          controls={expanded ? reasonId(row) : undefined}
                          label={`${position}: why ${row.team_name} is above ${next.team_name}`}
                          onClick={() => setOpen(expanded ? null : row.team_id)}
                        >
                          {position}
                        </PlaceButton>
                      )}
                    </td>
                    <td className="leagues-col-logo">
                      <TeamLogo logo={row.logo} name={row.team_name} size={28} />
                    </td>
                    <th scope="row" className="leagues-col-team">
                      <Link to={`/team/${encodeURIComponent(row.team_id)}`}>{row.team_name}</Link>
                    </th>
                    {NUMBERS.map((column) => (
                      <td key={column.key} className="leagues-col-num">
                        {row[column.key]}
                      </td>
                    ))}
                    <td className="leagues-col-num">{signed(row.goal_difference)}</td>
                    <td className="leagues-col-num leagues-col-pts">
                      {row.points}
                      {deducted > 0 && <DeductionMark points={deducted} note={firstNote.get(row.team_id)} />}
                    </td>
                  </tr>
                  {expanded && (
                    <tr id={reasonId(row)} className="leagues-reason-row">
                      <td colSpan={COLUMN_COUNT}>
                        <p className="leagues-reason">{explanation}</p>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {deductions.length > 0 && <DeductionNotes deductions={deductions} />}
    </div>
  );
}
