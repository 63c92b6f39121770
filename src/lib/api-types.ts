/** The API's answer shapes, shared with the server as types only. */
export type {
  CoachDto as Coach,
  DecisionItemDto as DecisionItem,
  DeductionDto as Deduction,
  DisciplineTableDto as DisciplineTable,
  FixturePlanDto as FixturePlan,
  LeaderRowDto as LeaderRow,
  LeagueDto as League,
  LeagueTableDto as LeagueTable,
  MatchDto as Match,
  NewsItemDto as NewsItem,
  PlaceReasonDto as PlaceReason,
  PlayerProfileDto as PlayerProfile,
  RosterPlayerDto as RosterPlayer,
  SearchResultDto as SearchResult,
  SuspensionListDto as SuspensionList,
  TeamDto as Team,
  TeamSummaryDto as TeamSummary,
} from '../../api/schemas';
export type { StandingRow } from '../../api/domain/standings';
