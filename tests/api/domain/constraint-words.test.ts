/**
 * Constraint failures of the table editor in words: every rule shape the schema uses, and
 * the fallbacks, name the column and what it takes, never the SQL.
 */
import { describe, expect, it } from 'vitest';
import { constraintAnswer } from '../../../api/domain/constraint-words';

const written = (entries: Record<string, string | number | null>) => new Map(Object.entries(entries));
const COLUMNS = ['id', 'role', 'league_id', 'team_id', 'player_id', 'before', 'approved', 'home_score'];

describe('constraintAnswer', () => {
  it.each<[string, string, Record<string, string | number | null>, string]>([
    [
      'an IN list with the empty value',
      "approved IN ('', 'PENDING', 'TRUE', 'FALSE')",
      { approved: 'MAYBE' },
      'approved: "MAYBE" is not allowed; use one of (empty), PENDING, TRUE, FALSE',
    ],
    ['a lower bound', 'home_score >= 0', { home_score: -1 }, 'home_score: -1 is not allowed; use 0 or more'],
    [
      'a nullable JSON column',
      'before IS NULL OR json_valid(before)',
      { before: '{' },
      'before must be valid JSON, such as {}, or leave it empty',
    ],
    [
      'two columns given together',
      '(home_score IS NULL) = (away_score IS NULL)',
      { home_score: 1 },
      'home_score and away_score go together: give both or leave both empty',
    ],
    [
      'a rule of another shape, by the columns it reads',
      "(role = 'super_admin' AND league_id IS NULL AND team_id IS NULL) OR (role = 'league_admin' AND league_id IS NOT NULL)",
      { role: 'super_admin', league_id: 'x' },
      'The values of role, league_id and team_id do not fit together on this row',
    ],
    [
      'a long value, clipped',
      "role IN ('a', 'b')",
      { role: 'x'.repeat(80) },
      `role: "${'x'.repeat(60)}…" is not allowed; use one of a, b`,
    ],
  ])('words a CHECK: %s', (_name, rule, values, detail) => {
    expect(constraintAnswer('check', `CHECK constraint failed: ${rule}`, written(values), COLUMNS)).toEqual({
      status: 400,
      detail,
    });
  });

  it('names the column of a NOT NULL failure', () => {
    expect(
      constraintAnswer('not_null', 'NOT NULL constraint failed: players.name', written({}), COLUMNS),
    ).toEqual({ status: 400, detail: 'Column name is required' });
  });

  it('names the column SQLite’s STRICT type check refused', () => {
    expect(
      constraintAnswer(
        'datatype',
        'cannot store TEXT value in INTEGER column players.number',
        written({ number: 'ten', name: 'x' }),
        COLUMNS,
      ),
    ).toEqual({ status: 400, detail: 'number: "ten" is too large or of the wrong kind for this column' });
  });

  it('says when other rows clash, without their SQL', () => {
    expect(
      constraintAnswer(
        'unique',
        'UNIQUE constraint failed: players.team_id, players.number',
        written({ number: 9 }),
        COLUMNS,
      ),
    ).toEqual({
      status: 409,
      detail: 'Another row already has the same team_id and number; change one of them',
    });
    expect(
      constraintAnswer('foreign_key', 'FOREIGN KEY constraint failed', written({ team_id: 'x' }), COLUMNS),
    ).toEqual({
      status: 409,
      detail: 'That value refers to a row that does not exist',
    });
    expect(constraintAnswer('other', 'some engine text', written({}), COLUMNS)).toEqual({
      status: 409,
      detail: 'That change breaks a rule of the database',
    });
  });
});
