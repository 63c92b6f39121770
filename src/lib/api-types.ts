/** The API's answer shapes, shared with the server as types only. */
export type {
  CoachDto as Coach,
  LeaderRowDto as LeaderRow,
  LeagueDto as League,
  MatchDto as Match,
  PlayerProfileDto as PlayerProfile,
  RosterPlayerDto as RosterPlayer,
  TeamDto as Team,
  TeamSummaryDto as TeamSummary,
} from '../../api/schemas';

export interface StandingRow {
  position: number;
  team_id: string;
  team_name: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  logo: string | null;
}

export interface NewsItem {
  title: string;
  link: string;
  image: string;
  description: string;
  date: string;
}

export interface SearchResult {
  type: 'player' | 'team' | 'league';
  id: string;
  name: string;
}
