/**
 * Kysely row types that match the tables of db/migrations exactly.
 * `Generated<T>` marks columns the database fills in (defaults, rowid keys).
 * tests/db/schema.test.ts checks these against the live schema.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export const LEAGUE_STATUSES = ['active', 'upcoming', 'completed'] as const;
export const USER_TYPES = ['player', 'coach', 'owner', 'manager', 'admin', 'super_admin', 'fan'] as const;
/** A membership's role: the site's (super_admin), one league's, or one team's (migration 0015). */
export const MEMBERSHIP_ROLES = ['super_admin', 'league_admin', 'coach', 'owner', 'player'] as const;
export const POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Coach'] as const;
export const POSITION_GENERALS = ['GK', 'DEF', 'MID', 'FW', 'COACH', 'Other'] as const;
export const APPROVAL_STATES = ['', 'PENDING', 'TRUE', 'FALSE'] as const;
export const EVENT_KINDS = ['goal', 'assist', 'goalkeeper'] as const;
export const MATCH_STATUSES = ['scheduled', 'postponed'] as const;
export const CARD_KINDS = ['yellow', 'red'] as const;
/** A player's answer to whether they can play a match (migration 0018). */
export const AVAILABILITY_ANSWERS = ['available', 'maybe', 'unavailable'] as const;
/** What a notification is about; each can be muted on its own. */
export const NOTIFICATION_KINDS = [
  'report_to_review',
  'report_approved',
  'report_rejected',
  'result_confirmed',
  'reports_differ',
  'report_overdue',
  'match_moved',
  'player_suspended',
  'availability_reminder',
  'squad_announced',
] as const;

export type LeagueStatus = (typeof LEAGUE_STATUSES)[number];
export type UserType = (typeof USER_TYPES)[number];
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];
export type Position = (typeof POSITIONS)[number];
export type PositionGeneral = (typeof POSITION_GENERALS)[number];
export type Approval = (typeof APPROVAL_STATES)[number];
export type EventKind = (typeof EVENT_KINDS)[number];
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export type CardKind = (typeof CARD_KINDS)[number];
export type AvailabilityAnswer = (typeof AVAILABILITY_ANSWERS)[number];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface LeaguesTable {
  league_id: string;
  league_name: string;
  season: string;
  status: LeagueStatus;
  location: Defaulted<string>;
  created_at: Defaulted<string>;
}

export interface TeamsTable {
  team_id: string;
  team_name: string;
  league_id: string | null;
  location: Defaulted<string>;
  description: Defaulted<string>;
  logo: string | null;
  youtube_channel: string | null;
  website: string | null;
  social_media: string | null;
  news_url: string | null;
  created_at: Defaulted<string>;
  /** Migration 0018: answers close this many hours before kick-off (0–336). */
  availability_deadline_hours: Defaulted<number>;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  user_type: UserType;
  team_id: string | null;
  created_at: Defaulted<string>;
  /** set while an administrator has locked the account */
  locked_at: string | null;
}

export interface PlayersTable {
  id: string;
  user_id: string | null;
  team_id: string | null;
  name: string;
  number: number;
  position: Position;
  position_general: Defaulted<PositionGeneral>;
  photo_id: string | null;
  bio: Defaulted<string>;
  /** JSON object, free key/value map. */
  metrics: Defaulted<string>;
  created_at: Defaulted<string>;
}

export interface CoachesTable {
  id: string;
  user_id: string | null;
  team_id: string | null;
  name: string;
  role: Defaulted<string>;
  bio: Defaulted<string>;
  photo_id: string | null;
  created_at: Defaulted<string>;
}

export interface MatchesTable {
  id: Generated<number>;
  league_id: string;
  season: string;
  /** ISO 8601 instant in UTC, e.g. 2026-03-14T15:00:00.000Z */
  match_date: string;
  home_team: string;
  away_team: string;
  location: Defaulted<string>;
  home_score: number | null;
  away_score: number | null;
  approved: Defaulted<Approval>;
  reported_by_team: string | null;
  reported_by_user: string | null;
  reported_at: string | null;
  reviewed_by_user: string | null;
  reviewed_at: string | null;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
  /** Migration 0010. */
  status: Defaulted<MatchStatus>;
  /** Migration 0010: grows with every change of date, place or status. */
  schedule_sequence: Defaulted<number>;
  /** Migration 0016: why the reviewer rejected the report, while it is rejected. */
  rejection_reason: string | null;
}

export interface MatchEventsTable {
  id: Generated<number>;
  match_id: number;
  team_id: string;
  player_id: string;
  kind: EventKind;
}

/** Migration 0011: one row per card shown, as the report sent them. */
export interface MatchCardsTable {
  id: Generated<number>;
  match_id: number;
  team_id: string;
  player_id: string;
  card: CardKind;
}

/** One row per own goal; `team_id` is the player's team, and the goal counts for the other side. */
export interface MatchOwnGoalsTable {
  id: Generated<number>;
  match_id: number;
  team_id: string;
  player_id: string;
}

export interface MatchSquadsTable {
  id: Generated<number>;
  match_id: number;
  team_id: string;
  player_id: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Defaulted<string>;
  last_used_at: Defaulted<string>;
  /** absolute: a refresh's session keeps its sign-in's expiry */
  expires_at: string;
  revoked_at: string | null;
  /** the first session of the sign-in this one descends from through refreshes */
  family_id: string | null;
  /** the session a refresh exchanged this one for */
  replaced_by: string | null;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status: number;
  response_body: string;
  created_at: Defaulted<string>;
}

export interface LeagueNewsTable {
  id: Generated<number>;
  league_id: string | null;
  title: string;
  link: Defaulted<string>;
  image: Defaulted<string>;
  description: Defaulted<string>;
  published_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Defaulted<string>;
  user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
}

/** One row per table public reads show, bumped by triggers on every change to it (migration 0002). */
export interface DataVersionTable {
  table_name: string;
  version: number;
}

/** A match's revision, grown by triggers with every change to its events or squads (migration 0006). */
export interface MatchRevisionTable {
  match_id: number;
  revision: number;
}

/**
 * One searchable name (migration 0003), kept in step with players (on a roster), teams
 * and leagues by triggers; never written by the app. `id` is `length << 32` plus a counter.
 */
export interface SearchNamesTable {
  id: number;
  kind: 'player' | 'team' | 'league';
  /** players.id, teams.team_id or leagues.league_id. */
  ref_id: string;
  /** A league's is "<league_name> <season>". */
  name: string;
  /** foldForSearch(name) (db/search-fold.ts). */
  folded: string;
  /** Code points in name. */
  length: number;
}

/** Migration 0008: the sign-in rate limit's windows, shared by every instance. */
export interface LoginAttemptsTable {
  key: string;
  /** epoch milliseconds */
  window_start: number;
  count: number;
}

/** Migration 0008: values generated once for the whole deployment. */
export interface AppSettingsTable {
  name: string;
  value: string;
}

/** Migration 0009: the rules a league changed, as JSON over the defaults. */
export interface LeagueRulesTable {
  league_id: string;
  rules: string;
  updated_at: string;
}

/** Migration 0009: points taken off a team in a league, with the reason. */
export interface PointsDeductionsTable {
  id: Generated<number>;
  league_id: string;
  team_id: string;
  points: number;
  reason: string;
  created_at: string;
  created_by: string | null;
}

/** The second team's report while it differs from the first. */
export interface MatchCounterReportsTable {
  id: Generated<number>;
  match_id: number;
  team_id: string;
  home_score: number;
  away_score: number;
  /** JSON: { goalscorers, assisters, goalkeepers, yellow_cards, red_cards } as sent. */
  lists: string;
  reported_by_user: string | null;
  reported_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** Set on notifications sent at most once per user (the overdue reminder). */
  dedupe_key: string | null;
  created_at: string;
  read_at: string | null;
  /** Migration 0016: the work it asks for ('report:<match>', 'review:<match>', 'decide:<match>'). */
  task: string | null;
  /** Migration 0016: when that work was done; the bell shows it as done. */
  resolved_at: string | null;
}

export interface NotificationMutesTable {
  id: Generated<number>;
  user_id: string;
  kind: NotificationKind;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** The overdue sweep's record of the state each match was last told for (migration 0014). */
export interface OverdueNoticesTable {
  match_id: number;
  /** 'report', or 'review:' and the report's reported_at */
  state: string;
}

/** A user's right, scoped to the site, one league or one team (migration 0015). */
export interface MembershipsTable {
  id: Generated<number>;
  user_id: string;
  role: MembershipRole;
  league_id: string | null;
  team_id: string | null;
  /** a player's roster record */
  player_id: string | null;
  created_at: Defaulted<string>;
}

/** A single-use link to join with a membership; the token is kept only as its SHA-256. */
export interface InvitationsTable {
  id: string;
  token_hash: string;
  email: string;
  role: MembershipRole;
  league_id: string | null;
  team_id: string | null;
  player_id: string | null;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}

/** A single-use link to set a new password; the token is kept only as its SHA-256. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An e-mail to send, or sent; the message itself is sealed (api/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  /** what the mail is about, e.g. the invitation's id */
  ref_id: string | null;
  to_address: string;
  /** the sealed message; cleared once sent or given up */
  sealed: string | null;
  created_at: string;
  attempts: Defaulted<number>;
  next_attempt_at: string;
  /** an instance sending it holds it until then */
  claimed_until: string | null;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
}

/** Migration 0016: the teams a user follows (their favourite among them). */
export interface TeamFollowsTable {
  id: Generated<number>;
  user_id: string;
  team_id: string;
  created_at: string;
}

/** Migration 0018: a player's answer for a match. */
export interface AvailabilityTable {
  id: Generated<number>;
  match_id: number;
  player_id: string;
  answer: AvailabilityAnswer;
  note: Defaulted<string>;
  answered_at: string;
  /** who set it; null through the personal link (or once that user is gone) */
  answered_by: string | null;
  /** the match's schedule_sequence when answered: lower than the match's now, the date changed since */
  schedule_sequence: number;
}

/** Migration 0018: a player's personal link to answer without an account; the token only as its SHA-256. */
export interface AvailabilityLinksTable {
  player_id: string;
  nonce: string;
  token_hash: string;
  created_at: string;
  created_by: string | null;
}

/** When a player was last reminded to answer for a match (at most once every 12 hours). */
export interface AvailabilityRemindersTable {
  id: Generated<number>;
  match_id: number;
  player_id: string;
  sent_at: string;
}

/** Which of a team's automatic reminders for a match went: 1 the first, 2 the last. */
export interface AvailabilityReminderStagesTable {
  id: Generated<number>;
  match_id: number;
  team_id: string;
  stage: number;
}

/** What a player was last told of a match's squad: 1 in it, 0 not in it. */
export interface SquadAnnouncementsTable {
  id: Generated<number>;
  match_id: number;
  player_id: string;
  selected: number;
}

export interface Database {
  leagues: LeaguesTable;
  teams: TeamsTable;
  users: UsersTable;
  players: PlayersTable;
  coaches: CoachesTable;
  matches: MatchesTable;
  match_events: MatchEventsTable;
  match_squads: MatchSquadsTable;
  match_cards: MatchCardsTable;
  match_own_goals: MatchOwnGoalsTable;
  sessions: SessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  league_news: LeagueNewsTable;
  audit_log: AuditLogTable;
  data_version: DataVersionTable;
  match_revision: MatchRevisionTable;
  search_names: SearchNamesTable;
  login_attempts: LoginAttemptsTable;
  app_settings: AppSettingsTable;
  league_rules: LeagueRulesTable;
  points_deductions: PointsDeductionsTable;
  match_counter_reports: MatchCounterReportsTable;
  notifications: NotificationsTable;
  notification_mutes: NotificationMutesTable;
  push_subscriptions: PushSubscriptionsTable;
  overdue_notices: OverdueNoticesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  team_follows: TeamFollowsTable;
  availability: AvailabilityTable;
  availability_links: AvailabilityLinksTable;
  availability_reminders: AvailabilityRemindersTable;
  availability_reminder_stages: AvailabilityReminderStagesTable;
  squad_announcements: SquadAnnouncementsTable;
}

export type League = Selectable<LeaguesTable>;
export type Team = Selectable<TeamsTable>;
export type User = Selectable<UsersTable>;
export type Player = Selectable<PlayersTable>;
export type Coach = Selectable<CoachesTable>;
export type Match = Selectable<MatchesTable>;
export type MatchEvent = Selectable<MatchEventsTable>;
export type MatchSquad = Selectable<MatchSquadsTable>;
export type Session = Selectable<SessionsTable>;
export type LeagueNews = Selectable<LeagueNewsTable>;
export type NewMatch = Insertable<MatchesTable>;
export type MatchUpdate = Updateable<MatchesTable>;
