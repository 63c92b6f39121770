import { describe, expect, it } from 'vitest';
import { plural, pluralWord, possessive } from '../../../db/rules/words';

describe('plural', () => {
  it('says one without an s and every other count with one', () => {
    expect(plural(1, 'result')).toBe('1 result');
    expect(plural(0, 'result')).toBe('0 results');
    expect(plural(2, 'result')).toBe('2 results');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(3, 'person', 'people')).toBe('3 people');
    expect(plural(12, 'match', 'matches')).toBe('12 matches');
    expect(pluralWord(1, 'line is', 'lines are')).toBe('line is');
    expect(pluralWord(4, 'line is', 'lines are')).toBe('lines are');
  });
});

describe('possessive', () => {
  it('adds ’s to a name', () => {
    expect(possessive('Northgate')).toBe('Northgate’s');
    expect(possessive('Elm Park FC')).toBe('Elm Park FC’s');
  });

  it('adds the apostrophe alone to a name ending in s', () => {
    expect(possessive('Riverside Rovers')).toBe('Riverside Rovers’');
    expect(possessive('ST ANNES')).toBe('ST ANNES’');
  });

  it('meets the name when it ends in spaces, and leaves an empty name empty', () => {
    expect(possessive('Rovers ')).toBe('Rovers’');
    expect(possessive('')).toBe('');
  });
});
