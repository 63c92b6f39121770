/**
 * Two teams' reports of one match: they agree when the scores are equal and
 * every list holds the same ids the same number of times, in any order (multisets). The
 * differing fields are what the review dialog highlights.
 */
import { idCounts } from '../../db/rules/id-lists';

/** One team's report as the API takes it, with every list present. */
export interface ReportVersion {
  home_score: number;
  away_score: number;
  goalscorers: readonly string[];
  /** An id once per own goal (counted for the player's opponent). */
  own_goals: readonly string[];
  assisters: readonly string[];
  goalkeepers: readonly string[];
  yellow_cards: readonly string[];
  red_cards: readonly string[];
}

export const REPORT_FIELDS = [
  'home_score',
  'away_score',
  'goalscorers',
  'own_goals',
  'assisters',
  'goalkeepers',
  'yellow_cards',
  'red_cards',
] as const;

export type ReportField = (typeof REPORT_FIELDS)[number];

type ListField = Exclude<ReportField, 'home_score' | 'away_score'>;

/** The lists of a report, as stored beside the match while two reports differ. */
export type ReportListsJson = Pick<ReportVersion, ListField>;

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const counts = idCounts(a);
  for (const id of b) {
    const left = counts.get(id);
    if (left === undefined || left === 0) return false;
    counts.set(id, left - 1);
  }
  return true;
}

/** The fields on which two reports differ, in REPORT_FIELDS order; empty when they agree. */
export function reportDifferences(a: ReportVersion, b: ReportVersion): ReportField[] {
  const differing: ReportField[] = [];
  for (const field of REPORT_FIELDS) {
    const same =
      field === 'home_score' || field === 'away_score'
        ? a[field] === b[field]
        : sameMultiset(a[field], b[field]);
    if (!same) differing.push(field);
  }
  return differing;
}

/** The lists alone, for storage. */
export function reportLists(report: ReportVersion): ReportListsJson {
  return {
    goalscorers: [...report.goalscorers],
    own_goals: [...report.own_goals],
    assisters: [...report.assisters],
    goalkeepers: [...report.goalkeepers],
    yellow_cards: [...report.yellow_cards],
    red_cards: [...report.red_cards],
  };
}

/** A stored lists document read back; anything missing is an empty list (defensive: it is our own JSON). */
export function parseReportLists(json: string): ReportListsJson {
  const value = JSON.parse(json) as Partial<Record<ListField, unknown>>;
  const list = (field: ListField) => {
    const entries = value[field];
    return Array.isArray(entries) ? entries.filter((id): id is string => typeof id === 'string') : [];
  };
  // Documents stored before own goals were reported have none.
  return {
    goalscorers: list('goalscorers'),
    own_goals: list('own_goals'),
    assisters: list('assisters'),
    goalkeepers: list('goalkeepers'),
    yellow_cards: list('yellow_cards'),
    red_cards: list('red_cards'),
  };
}
