/**
 * The shapes the read API answers with, as zod schemas: handlers type their
 * answers with them, tests parse answers with them (strict, so no field is
 * missing or extra), and /api/openapi.json is generated from them.
 */
import { z } from 'zod';
import {
  APPROVAL_STATES,
  LEAGUE_STATUSES,
  MATCH_STATUSES,
  MEMBERSHIP_ROLES,
  NOTIFICATION_KINDS,
  POSITION_GENERALS,
  POSITIONS,
  USER_TYPES,
} from '../db/schema';
import { TIEBREAKERS } from './domain/league-rules';
import { REPORT_FIELDS } from './domain/report-compare';

export const ErrorSchema = z.strictObject({ detail: z.string() }).meta({ id: 'Error' });

export const LeagueSchema = z
  .strictObject({
    league_id: z.string(),
    league_name: z.string(),
    season: z.string().regex(/^\d{4}$/),
    status: z.enum(LEAGUE_STATUSES),
    location: z.string(),
  })
  .meta({ id: 'League' });

export const StandingRowSchema = z
  .strictObject({
    position: z.number().int(),
    team_id: z.string(),
    team_name: z.string(),
    played: z.number().int(),
    wins: z.number().int(),
    draws: z.number().int(),
    losses: z.number().int(),
    goals_for: z.number().int(),
    goals_against: z.number().int(),
    goal_difference: z.number().int(),
    points: z.number().int().describe('after deductions'),
    deducted: z.number().int().describe('points deducted by the league (0 when none)'),
    logo: z.string().nullable().describe('file name under /api/images/teams/'),
  })
  .meta({ id: 'StandingRow' });

export const MatchSchema = z
  .strictObject({
    id: z.number().int(),
    match_id: z.number().int().describe('alias of id'),
    date: z.string().describe('ISO 8601 with offset'),
    match_date: z.string().describe('alias of date'),
    season: z.string(),
    league_id: z.string(),
    location: z.string(),
    home_team: z.string(),
    away_team: z.string(),
    home_team_name: z.string(),
    away_team_name: z.string(),
    home_team_logo: z.string().nullable(),
    away_team_logo: z.string().nullable(),
    home_score: z.number().int().nullable().describe('null when unplayed or unreported'),
    away_score: z.number().int().nullable(),
    approved: z.enum(APPROVAL_STATES).describe("'' no report, PENDING, TRUE approved, FALSE rejected"),
    reported_by_team: z.string().nullable(),
    reported_at: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    status: z.enum(MATCH_STATUSES).describe('postponed: the match will not be played on its date'),
    goalscorers: z.array(z.string()).describe('player ids, repeated once per goal'),
    own_goals: z
      .array(z.string())
      .describe("player ids, once per own goal; each counts for the player's opponent"),
    assisters: z.array(z.string()).describe('player ids, repeated once per assist'),
    goalkeepers: z.array(z.string()),
    yellow_cards: z
      .array(z.string())
      .describe('player ids, once per yellow card (twice for a player sent off for a second yellow)'),
    red_cards: z.array(z.string()).describe('player ids, once per red card'),
    home_players: z
      .array(z.string())
      .describe("player ids: the team's saved squad for this match, else its current roster"),
    away_players: z.array(z.string()).describe('likewise for the away team'),
  })
  .meta({ id: 'Match' });

/** GET /api/matches/{id}: the match and the names of the players it lists, so a page needs no call per player. */
export const MatchDetailsSchema = MatchSchema.extend({
  player_names: z
    .record(z.string(), z.string())
    .describe('names of the players in goalscorers, own goals, assisters, goalkeepers and the squads, by id'),
}).meta({ id: 'MatchDetails' });

export const TeamSummarySchema = z
  .strictObject({
    team_id: z.string(),
    team_name: z.string(),
    league_id: z.string().nullable(),
    location: z.string(),
    description: z.string(),
    logo: z.string().nullable(),
  })
  .meta({ id: 'TeamSummary' });

export const TeamSchema = TeamSummarySchema.extend({
  league_name: z.string().nullable(),
  youtube_channel: z.string().nullable(),
  website: z.string().nullable(),
  social_media: z.string().nullable(),
  news_url: z.string().nullable(),
}).meta({ id: 'Team' });

/**
 * `next_cursor` of a paged list: present only when the request gave `limit` or `cursor`
 * (the unpaged answer keeps its original shape); null on the last page.
 */
const NextCursorSchema = z
  .string()
  .nullable()
  .optional()
  .describe('only with limit or cursor: pass it as cursor for the next page; null on the last page');

export const LeagueListSchema = z
  .strictObject({ leagues: z.array(LeagueSchema), next_cursor: NextCursorSchema })
  .meta({ id: 'LeagueList' });

export const TeamListSchema = z
  .strictObject({ teams: z.array(TeamSummarySchema), next_cursor: NextCursorSchema })
  .meta({ id: 'TeamList' });

/** A page of every match (GET /api/matches without a filter), which is never one answer. */
export const MatchPageSchema = z
  .strictObject({
    matches: z.array(MatchSchema).describe('the earliest kick-off first, then by id'),
    next_cursor: z.string().nullable().describe('pass it as cursor for the next page; null on the last page'),
  })
  .meta({ id: 'MatchPage' });

export const RosterPlayerSchema = z
  .strictObject({
    id: z.string(),
    player_id: z.string().describe('alias of id'),
    user_id: z.string().describe('the linked account id, else the player id'),
    name: z.string(),
    number: z.number().int(),
    position: z.enum(POSITIONS),
    position_general: z.enum(POSITION_GENERALS),
    photo_id: z.string().nullable(),
    bio: z.string(),
    team_id: z.string().nullable(),
    team_name: z.string().nullable(),
  })
  .meta({ id: 'RosterPlayer' });

export const CoachSchema = z
  .strictObject({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    role: z.string(),
    bio: z.string(),
    photo_id: z.string().nullable(),
    team_id: z.string().nullable(),
    team_name: z.string().nullable(),
  })
  .meta({ id: 'Coach' });

export const SeasonMetricsSchema = z
  .strictObject({
    goals: z.number().int(),
    assists: z.number().int(),
    shutouts: z.number().int(),
    matches: z.number().int(),
  })
  .meta({ id: 'SeasonMetrics' });

export const PlayerProfileSchema = RosterPlayerSchema.extend({
  metrics: z.record(z.string(), SeasonMetricsSchema).describe('keyed by season, from approved results'),
  cards: z
    .array(
      z.strictObject({
        league_id: z.string(),
        league_name: z.string(),
        season: z.string(),
        yellow_cards: z.number().int(),
        red_cards: z.number().int().describe('a second yellow counts as one'),
      }),
    )
    .describe('cards by league season, newest first, from approved results'),
  suspension: z
    .strictObject({ reason: z.string(), matches_remaining: z.number().int() })
    .nullable()
    .describe("a ban still to serve with the player's team, else null"),
}).meta({ id: 'PlayerProfile' });

export const LeaderRowSchema = z
  .strictObject({
    player_id: z.string(),
    name: z.string(),
    position: z.string(),
    team: z.string(),
    count: z.number().int(),
    photo_id: z.string().nullable(),
  })
  .meta({ id: 'LeaderRow' });

export const LeagueStatsSchema = z
  .strictObject({
    scorers: z.array(LeaderRowSchema),
    assists: z.array(LeaderRowSchema),
    clean_sheets: z.array(LeaderRowSchema),
    points: z.array(LeaderRowSchema),
  })
  .meta({ id: 'LeagueStats' });

export const TeamStatsSchema = z
  .strictObject({
    scorers: z.array(LeaderRowSchema),
    assists: z.array(LeaderRowSchema),
    clean_sheets_players: z.array(LeaderRowSchema),
    points: z.array(LeaderRowSchema),
  })
  .meta({ id: 'TeamStats' });

export const SearchResultSchema = z
  .strictObject({ type: z.enum(['player', 'team', 'league']), id: z.string(), name: z.string() })
  .meta({ id: 'SearchResult' });

export const NewsItemSchema = z
  .strictObject({
    title: z.string(),
    link: z.string(),
    image: z.string(),
    description: z.string(),
    date: z.string(),
  })
  .meta({ id: 'NewsItem' });

export const VideoSchema = z.strictObject({ video_id: z.string(), title: z.string() }).meta({ id: 'Video' });

export const FeedErrorSchema = z
  .strictObject({ detail: z.strictObject({ message: z.string() }) })
  .meta({ id: 'FeedError' });

export type LeagueDto = z.infer<typeof LeagueSchema>;
export type MatchDto = z.infer<typeof MatchSchema>;
export type MatchPageDto = z.infer<typeof MatchPageSchema>;
export type MatchDetailsDto = z.infer<typeof MatchDetailsSchema>;
export type TeamSummaryDto = z.infer<typeof TeamSummarySchema>;
export type LeagueListDto = z.infer<typeof LeagueListSchema>;
export type TeamListDto = z.infer<typeof TeamListSchema>;
export type TeamDto = z.infer<typeof TeamSchema>;
export type RosterPlayerDto = z.infer<typeof RosterPlayerSchema>;
export type CoachDto = z.infer<typeof CoachSchema>;
export type PlayerProfileDto = z.infer<typeof PlayerProfileSchema>;
export type LeaderRowDto = z.infer<typeof LeaderRowSchema>;
export type NewsItemDto = z.infer<typeof NewsItemSchema>;
export type SearchResultDto = z.infer<typeof SearchResultSchema>;

const count = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(max, `must be at most ${max}`);

const ALLOWED = TIEBREAKERS.join(', ');
const tiebreaker = z
  .string({ error: 'must be a tie-breaker name' })
  .refine((name): name is (typeof TIEBREAKERS)[number] => (TIEBREAKERS as readonly string[]).includes(name), {
    error: (issue) => `unknown tie-breaker '${String(issue.input)}' (allowed: ${ALLOWED})`,
  });

/** A league's rules: the answer of GET and the body of PUT /api/leagues/{leagueId}/rules. */
export const LeagueRulesSchema = z
  .strictObject({
    points: z.strictObject({ win: count(10), draw: count(10), loss: count(10) }),
    tiebreakers: z
      .array(tiebreaker)
      .min(1, 'must name at least one tie-breaker')
      .max(TIEBREAKERS.length)
      .refine((names) => new Set(names).size === names.length, 'must not name a tie-breaker twice'),
    report_deadline_hours: count(24 * 30).refine((hours) => hours >= 1, 'must be at least 1'),
    suspensions: z.strictObject({
      red_card_matches: count(20),
      yellow_card_threshold: count(50).refine((n) => n >= 1, 'must be at least 1'),
      yellow_card_matches: count(20),
    }),
  })
  .meta({ id: 'LeagueRules' });

/** A points deduction with its reason. */
export const DeductionSchema = z
  .strictObject({
    id: z.number().int(),
    league_id: z.string(),
    team_id: z.string(),
    team_name: z.string(),
    points: z.number().int().describe('points taken off'),
    reason: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Deduction' });

/** Why a table row sits above the next one. */
export const PlaceReasonSchema = z
  .strictObject({
    criterion: z.enum(TIEBREAKERS).describe('the tie-breaker that split the two rows'),
    above: z.number().describe("this row's value of it"),
    below: z.number().describe("the next row's value of it"),
    level_on_points: z
      .number()
      .int()
      .nullable()
      .describe('their points when level on points (the criterion is a later one), else null'),
  })
  .meta({ id: 'PlaceReason' });

/** A match as a ban names it: when, and against whom (from the banned player's club's side). */
const BanMatchSchema = z.strictObject({
  match_id: z.number().int(),
  date: z.string(),
  home: z.boolean().describe("the player's club plays at home"),
  opponent_id: z.string(),
  opponent_name: z.string(),
});

/** A ban still to serve. */
export const SuspensionSchema = z
  .strictObject({
    player_id: z.string(),
    name: z.string(),
    team_id: z.string(),
    team_name: z.string(),
    reason: z.string().describe('e.g. "Red card", "Two yellow cards", "5 yellow cards this season"'),
    matches_remaining: z.number().int(),
    match_ids: z
      .array(z.number().int())
      .describe('the upcoming matches the player is banned from (fewer while fixtures are not set)'),
    card_match: BanMatchSchema.nullable().describe(
      'the match the card (or the last of the yellows) was shown in',
    ),
    matches: z.array(BanMatchSchema).describe('match_ids, each with its date and opponent'),
  })
  .meta({ id: 'Suspension' });

/** GET /api/teams/{teamId}/suspensions: bans still to serve. */
export const SuspensionListSchema = z
  .strictObject({ suspensions: z.array(SuspensionSchema) })
  .meta({ id: 'SuspensionList' });

/** GET /api/leagues/{leagueId}/discipline: cards per player, reds first. */
export const DisciplineTableSchema = z
  .strictObject({
    players: z.array(
      z.strictObject({
        player_id: z.string(),
        name: z.string(),
        team_id: z.string(),
        team_name: z.string(),
        yellow_cards: z.number().int(),
        red_cards: z.number().int().describe('a second yellow counts as one'),
      }),
    ),
    suspensions: z
      .array(SuspensionSchema)
      .describe("who is banned now (the league's current season; none for another)"),
  })
  .meta({ id: 'DisciplineTable' });

/** POST /api/leagues/{leagueId}/fixtures: the matches planned (dry run) or created. */
export const FixturePlanSchema = z
  .strictObject({
    matches: z.array(
      z.strictObject({
        id: z.number().int().nullable().describe('null in a dry run'),
        round: z.number().int().describe('1-based match day'),
        match_date: z.string().describe('ISO 8601 instant in UTC'),
        home_team: z.string(),
        away_team: z.string(),
        home_team_name: z.string(),
        away_team_name: z.string(),
        location: z.string(),
      }),
    ),
    removed: z.number().int().describe('matches without a report replaced (replace_unplayed)'),
  })
  .meta({ id: 'FixturePlan' });

/** GET /api/leagues/{leagueId}/table. */
export const LeagueTableSchema = z
  .strictObject({
    standings: z.array(StandingRowSchema),
    deductions: z
      .array(DeductionSchema)
      .describe('the deductions taken off in this table (the current season only), oldest first'),
    reasons: z
      .array(PlaceReasonSchema.nullable())
      .describe(
        'by row: why it sits above the next row; null when they share a position, and for the last row',
      ),
  })
  .meta({ id: 'LeagueTable' });

export type LeagueTableDto = z.infer<typeof LeagueTableSchema>;
export type FixturePlanDto = z.infer<typeof FixturePlanSchema>;
export type PlaceReasonDto = z.infer<typeof PlaceReasonSchema>;
export type DeductionDto = z.infer<typeof DeductionSchema>;
export type SuspensionListDto = z.infer<typeof SuspensionListSchema>;
export type DisciplineTableDto = z.infer<typeof DisciplineTableSchema>;
export type SuspensionDto = z.infer<typeof SuspensionSchema>;

// The result loop and notifications.

/** GET /api/leagues/{id}/decisions: one result waiting for the league, under its most pressing kind. */
export const DecisionItemSchema = z
  .strictObject({
    match_id: z.number().int(),
    kind: z.enum(['pending', 'disputed', 'overdue']),
    awaiting: z.enum(['report', 'review']).describe('what the teams owe: a report, or a review'),
    home_team: z.string(),
    home_team_name: z.string(),
    away_team: z.string(),
    away_team_name: z.string(),
    date: z.string().describe('kick-off, ISO 8601 in UTC'),
    since: z
      .string()
      .describe('when it started needing a decision: the report, the counter report, or the deadline'),
    reported_by_team: z
      .string()
      .nullable()
      .describe("the team whose report waits (null: no report, or a super admin's)"),
    counter_team: z.string().nullable().describe('disputed: the team of the second report'),
  })
  .meta({ id: 'DecisionItem' });
export type DecisionItemDto = z.infer<typeof DecisionItemSchema>;

/** POST /api/matches/{id}/report: the match, and what the report did. */
export const ReportAnswerSchema = MatchSchema.extend({
  outcome: z
    .enum(['pending', 'confirmed', 'differs'])
    .describe(
      "pending: waits for the other team's review; confirmed: it matched the opponent's pending report, " +
        'so the result is approved; differs: kept beside the opponent’s report for a reviewer to choose',
    ),
  differences: z
    .array(z.enum(REPORT_FIELDS))
    .optional()
    .describe('differs: the fields on which the two reports disagree'),
}).meta({ id: 'ReportAnswer' });

export const TeamReportSchema = z
  .strictObject({
    team_id: z.string().nullable().describe('the reporting team; null when a super admin reported'),
    reported_at: z.string().nullable(),
    first: z
      .boolean()
      .describe('the first report (the one the match holds); false: the second, differing one'),
    home_score: z.number().int(),
    away_score: z.number().int(),
    goalscorers: z.array(z.string()),
    own_goals: z.array(z.string()),
    assisters: z.array(z.string()),
    goalkeepers: z.array(z.string()),
    yellow_cards: z.array(z.string()),
    red_cards: z.array(z.string()),
  })
  .meta({ id: 'TeamReport' });

/** GET /api/matches/{id}/reports (staff of either team, super admin). */
export const MatchReportsSchema = z
  .strictObject({
    match_id: z.number().int(),
    approved: z.enum(APPROVAL_STATES),
    reports: z.array(TeamReportSchema).describe('the first report, then the differing second one if any'),
    differences: z.array(z.enum(REPORT_FIELDS)).describe('where the two reports disagree'),
    rejection: z
      .strictObject({
        team_id: z.string().nullable().describe('whose report was rejected (null: the league reported it)'),
        reason: z.string().describe('as the reviewer wrote it; empty when none was given'),
        rejected_by: z.string().describe("the reviewer's name"),
        rejected_at: z.string(),
      })
      .nullable()
      .describe('while the result is rejected: why, by whom and when'),
  })
  .meta({ id: 'MatchReports' });

export const OverdueMatchSchema = z
  .strictObject({
    match_id: z.number().int(),
    league_id: z.string(),
    league_name: z.string(),
    season: z.string(),
    match_date: z.string(),
    home_team: z.string(),
    home_team_name: z.string(),
    away_team: z.string(),
    away_team_name: z.string(),
    reported_by_team: z.string().nullable(),
    reported_at: z.string().nullable(),
    waiting_for: z.enum(['report', 'review']),
    due_at: z
      .string()
      .describe(
        "kick-off plus the league's report_deadline_hours; for a review, the report's arrival plus them",
      ),
    hours_late: z.number().int(),
  })
  .meta({ id: 'OverdueMatch' });

export const OverdueListSchema = z
  .strictObject({
    matches: z.array(OverdueMatchSchema).describe('the earliest kick-off first, then by id'),
    next_cursor: NextCursorSchema,
  })
  .meta({ id: 'OverdueList' });

export const NotificationSchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    link: z.string().describe("the app's path to open"),
    created_at: z.string(),
    read: z.boolean(),
    resolved: z
      .boolean()
      .describe(
        'the work it asked for is done (the report sent, the result decided): shown as done, never unread',
      ),
  })
  .meta({ id: 'Notification' });

export const NotificationPageSchema = z
  .strictObject({
    unread: z.number().int(),
    notifications: z.array(NotificationSchema).describe('newest first'),
    next_cursor: z.string().nullable().describe('pass as cursor for the next page; null: no more'),
  })
  .meta({ id: 'NotificationPage' });

export const NotificationSettingsSchema = z
  .strictObject({ muted: z.array(z.enum(NOTIFICATION_KINDS)).describe('kinds not sent to this user') })
  .meta({ id: 'NotificationSettings' });

export type ReportAnswerDto = z.infer<typeof ReportAnswerSchema>;
export type MatchReportsDto = z.infer<typeof MatchReportsSchema>;
export type OverdueMatchDto = z.infer<typeof OverdueMatchSchema>;
export type OverdueListDto = z.infer<typeof OverdueListSchema>;
export type NotificationDto = z.infer<typeof NotificationSchema>;
export type NotificationPageDto = z.infer<typeof NotificationPageSchema>;

/** A problem a CSV import found, by line and column. */
export const ImportErrorSchema = z.strictObject({
  line: z.number().int().describe('line of the file, 1 being the header'),
  column: z.string().nullable().describe('null: the whole line or file'),
  message: z.string(),
});

/**
 * The answer of a CSV import (POST …/matches.csv, …/roster.csv): every row's outcome, a
 * row written as `item` or refused with its values as read, and every problem.
 */
export function importAnswerSchema(item: string, itemSchema: z.ZodType, columns: readonly string[]) {
  return z.strictObject({
    dry_run: z.boolean(),
    rows: z.array(
      z.union([
        z.strictObject({
          line: z.number().int(),
          outcome: z.literal('create'),
          [item]: itemSchema.describe('what is (or would be) written; id null in a dry run'),
        }),
        z.strictObject({
          line: z.number().int(),
          outcome: z.literal('error'),
          values: z
            .strictObject(Object.fromEntries(columns.map((column) => [column, z.string()])))
            .describe('the row as read (each value cut to 200 characters)'),
        }),
      ]),
    ),
    errors: z.array(ImportErrorSchema),
    ignored_columns: z.array(z.string()).describe('header names that are not columns of the import'),
    created: z.number().int().describe('rows written: 0 in a dry run'),
  });
}

/**
 * An import refused (400, nothing written): with a row in error, the whole answer beside
 * the detail; a file that cannot be read, `{ detail, errors }`; anything else `{ detail }`.
 */
export function importRefusalSchema(answer: ReturnType<typeof importAnswerSchema>) {
  return answer.partial().extend({ detail: z.string(), errors: z.array(ImportErrorSchema).optional() });
}

/** The answer of a call that only says what it did: `{ "detail": "Signed out" }`. */
export const DetailSchema = z.strictObject({ detail: z.string() });

/** An account as the API shows it: never its password hash. */
export const MEMBERSHIP_ROLE_SCHEMA = z.enum(MEMBERSHIP_ROLES);

/** One of a user's rights and its scope: the site, one league, or one team. */
export const MembershipSchema = z
  .strictObject({
    role: MEMBERSHIP_ROLE_SCHEMA,
    league_id: z.string().optional().describe('league_admin: the league'),
    team_id: z.string().optional().describe('coach, owner, player: the team'),
    player_id: z.string().optional().describe("player: the roster's player record, when linked"),
  })
  .meta({ id: 'Membership' });
export type MembershipDto = z.infer<typeof MembershipSchema>;

export const UserSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    user_type: z.enum(USER_TYPES).describe('the primary membership (a league admin: admin)'),
    team_id: z.string().nullable().describe("the primary membership's team"),
    memberships: z.array(MembershipSchema),
  })
  .meta({ id: 'User' });

/** A membership as answers carry it: only the scope it has. */
export function publicMembership(m: {
  role: MembershipDto['role'];
  league_id: string | null;
  team_id: string | null;
  player_id: string | null;
}): MembershipDto {
  return {
    role: m.role,
    ...(m.league_id !== null && { league_id: m.league_id }),
    ...(m.team_id !== null && { team_id: m.team_id }),
    ...(m.player_id !== null && { player_id: m.player_id }),
  };
}

/** What signing in, registering and refreshing answer: a token of a new session and its user. */
export const SessionSchema = z
  .strictObject({
    access_token: z.string().describe('send as Authorization: Bearer <token>; lasts 15 minutes'),
    token_type: z.enum(['bearer']),
    user: UserSchema,
  })
  .meta({ id: 'Session' });
export type SessionDto = z.infer<typeof SessionSchema>;
export type UserDto = z.infer<typeof UserSchema>;
