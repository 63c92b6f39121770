import { describe, expect, it } from 'vitest';
import { unreportedCounts, unreportedWords } from '../../../api/domain/unreported';

const NOW = new Date('2026-03-14T12:00:00Z');

describe('fixtures with no report', () => {
  it('calls one still ahead (or postponed) upcoming, and only a past one missing its report', () => {
    const counts = unreportedCounts(
      [
        { match_date: '2026-03-21T15:00:00Z' },
        { match_date: '2026-03-28T15:00:00Z' },
        { match_date: '2026-03-07T15:00:00Z', status: 'postponed' },
        { match_date: '2026-03-07T15:00:00Z', status: 'scheduled' },
      ],
      NOW,
    );
    expect(counts).toEqual({ upcoming: 3, past: 1 });
    expect(unreportedWords(counts)).toBe('3 upcoming fixtures and 1 past fixture with no report');
  });

  it('words each group alone, and none as nothing', () => {
    expect(unreportedWords({ upcoming: 12, past: 0 })).toBe('12 upcoming fixtures');
    expect(unreportedWords({ upcoming: 0, past: 2 })).toBe('2 past fixtures with no report');
    expect(unreportedWords({ upcoming: 0, past: 0 })).toBe('');
  });
});
