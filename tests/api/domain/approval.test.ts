import { describe, it, expect } from 'vitest';
import type { Approval } from '../../../db/schema';
import {
  answersOpponent,
  REPORT_REFUSAL_TEXT,
  reportRefusal,
  type ReportRefusal,
  canReview,
  countsInTables,
  nextApproval,
  type ReviewAction,
  type ReviewContext,
} from '../../../api/domain/approval';

describe('nextApproval: full transition table', () => {
  const table: [Approval, ReviewAction, Approval | null][] = [
    ['PENDING', 'approve', 'TRUE'],
    ['PENDING', 'reject', 'FALSE'],
    ['', 'approve', null],
    ['', 'reject', null],
    ['TRUE', 'approve', null],
    ['TRUE', 'reject', null],
    ['FALSE', 'approve', null],
    ['FALSE', 'reject', null],
  ];

  it.each(table)('%j + %s -> %j', (current, action, expected) => {
    expect(nextApproval(current, action)).toBe(expected);
  });
});

describe('reportRefusal', () => {
  // [current, reported by, reporter's team, super admin, expected]
  const table: [Approval, string | null, string | null, boolean, ReportRefusal | null][] = [
    ['', null, 'home', false, null],
    ['', null, null, true, null],
    ['PENDING', 'home', 'home', false, null],
    // The opponent may answer a pending report with its own.
    ['PENDING', 'home', 'away', false, null],
    ['PENDING', 'home', null, true, null],
    ['PENDING', null, 'away', false, null],
    ['FALSE', 'home', 'away', false, null],
    ['FALSE', 'home', 'home', false, null],
    ['TRUE', 'home', 'home', false, 'approved'],
    ['TRUE', 'home', 'away', false, 'approved'],
    ['TRUE', 'home', null, true, null],
  ];

  it.each(table)(
    'current %j reported by %j, reporter %j, super_admin %s -> %j',
    (current, reportedByTeam, reporterTeamId, isSuperAdmin, expected) => {
      expect(reportRefusal(current, { reportedByTeam, reporterTeamId, isSuperAdmin })).toBe(expected);
    },
  );
});

describe('canReview', () => {
  const base: ReviewContext = {
    homeTeam: 'home',
    awayTeam: 'away',
    reportedByTeam: 'home',
    reviewerTeamId: 'away',
    isSuperAdmin: false,
  };

  it('lets the opposing team review', () => {
    expect(canReview(base)).toBe(true);
    expect(canReview({ ...base, reportedByTeam: 'away', reviewerTeamId: 'home' })).toBe(true);
  });

  it('refuses the reporting team', () => {
    expect(canReview({ ...base, reviewerTeamId: 'home' })).toBe(false);
  });

  it('refuses a team that does not play in the match', () => {
    expect(canReview({ ...base, reviewerTeamId: 'other' })).toBe(false);
  });

  it('refuses a user without a team', () => {
    expect(canReview({ ...base, reviewerTeamId: null })).toBe(false);
    expect(canReview({ ...base, reviewerTeamId: '' })).toBe(false);
  });

  it('lets either team review when the reporting team is unknown', () => {
    expect(canReview({ ...base, reportedByTeam: null, reviewerTeamId: 'home' })).toBe(true);
    expect(canReview({ ...base, reportedByTeam: null, reviewerTeamId: 'away' })).toBe(true);
  });

  it('always lets a super_admin review, even the reporting team or no team', () => {
    expect(canReview({ ...base, isSuperAdmin: true, reviewerTeamId: 'home' })).toBe(true);
    expect(canReview({ ...base, isSuperAdmin: true, reviewerTeamId: null })).toBe(true);
    expect(canReview({ ...base, isSuperAdmin: true, reviewerTeamId: 'other' })).toBe(true);
  });
});

describe('countsInTables', () => {
  const table: [string, boolean][] = [
    ['TRUE', true],
    ['PENDING', false],
    ['FALSE', false],
    ['', false],
    ['true', false],
  ];

  it.each(table)('%j -> %s', (approved, expected) => {
    expect(countsInTables(approved)).toBe(expected);
  });
});

describe('REPORT_REFUSAL_TEXT', () => {
  it('says why, in the words the server answers with', () => {
    expect(REPORT_REFUSAL_TEXT).toEqual({
      approved: 'This match already has an approved result',
    });
  });
});

describe('answersOpponent', () => {
  // [current, reported by, reporter's team, super admin, expected]
  const table: [Approval, string | null, string | null, boolean, boolean][] = [
    ['PENDING', 'home', 'away', false, true],
    ['PENDING', 'home', 'home', false, false],
    ['PENDING', 'home', null, true, false],
    ['PENDING', null, 'away', false, false],
    ['', null, 'away', false, false],
    ['FALSE', 'home', 'away', false, false],
    ['TRUE', 'home', 'away', false, false],
  ];

  it.each(table)(
    'current %j reported by %j, reporter %j, super_admin %s -> %s',
    (current, reportedByTeam, reporterTeamId, isSuperAdmin, expected) => {
      expect(answersOpponent(current, { reportedByTeam, reporterTeamId, isSuperAdmin })).toBe(expected);
    },
  );
});
