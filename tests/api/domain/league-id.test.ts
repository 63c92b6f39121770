import { describe, expect, it } from 'vitest';
import {
  leagueIdFrom,
  leagueIdOf,
  leagueTitleFromId,
  parseLeagueId,
  seasonFromLeagueId,
} from '../../../api/domain/league-id';

describe('league ids', () => {
  it('mean the part after the last colon, trimmed', () => {
    expect(leagueIdFrom('region:mwpl-26')).toBe('mwpl-26');
    expect(leagueIdFrom('a:b: tl-25 ')).toBe('tl-25');
    expect(leagueIdFrom('tl-26')).toBe('tl-26');
    expect(leagueIdFrom('region:')).toBe('');
  });

  it('are null when a stored value names none', () => {
    expect([null, undefined, '', 'region: '].map(leagueIdOf)).toEqual([null, null, null, null]);
    expect(leagueIdOf('region:tl-26')).toBe('tl-26');
  });

  it("are required and must look like an id (the League detail page's messages)", () => {
    expect(parseLeagueId('region:tl-26')).toEqual({ ok: true, id: 'tl-26' });
    expect(parseLeagueId(undefined)).toEqual({ ok: false, message: 'League ID is required' });
    expect(parseLeagueId('region:')).toEqual({ ok: false, message: 'League ID is required' });
    expect(parseLeagueId('-tl 26')).toEqual({ ok: false, message: 'Invalid league ID format' });
  });

  it('name the season by a -YY suffix', () => {
    expect(seasonFromLeagueId('tl-25')).toBe('2025');
    expect(seasonFromLeagueId('tl')).toBeNull();
    expect(seasonFromLeagueId('tl-2025')).toBeNull();
  });

  it('read as a title until the league names itself', () => {
    expect(leagueTitleFromId('tl-26')).toBe('TL 26');
    expect(leagueTitleFromId('metro_west..premier-25')).toBe('METRO WEST PREMIER 25');
  });
});
