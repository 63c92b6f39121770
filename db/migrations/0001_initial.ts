/**
 * The initial schema. Forward-only: a change is a new migration, never an edit here.
 * Every table has a single-column primary key because the admin table editor
 * addresses rows by it; every enumeration is guarded by a CHECK constraint.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE leagues (
    league_id   TEXT PRIMARY KEY NOT NULL CHECK (length(league_id) BETWEEN 1 AND 64),
    league_name TEXT NOT NULL CHECK (length(league_name) BETWEEN 1 AND 200),
    season      TEXT NOT NULL CHECK (season GLOB '[0-9][0-9][0-9][0-9]'),
    status      TEXT NOT NULL CHECK (status IN ('active', 'upcoming', 'completed')),
    location    TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`,

  sql`CREATE TABLE teams (
    team_id         TEXT PRIMARY KEY NOT NULL CHECK (length(team_id) BETWEEN 1 AND 100),
    team_name       TEXT NOT NULL CHECK (length(team_name) BETWEEN 1 AND 200),
    league_id       TEXT REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE SET NULL,
    location        TEXT NOT NULL DEFAULT '',
    description     TEXT NOT NULL DEFAULT '',
    logo            TEXT,
    youtube_channel TEXT,
    website         TEXT,
    social_media    TEXT,
    news_url        TEXT,
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`,
  sql`CREATE INDEX teams_league ON teams (league_id)`,

  sql`CREATE TABLE users (
    id            TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 100),
    name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 320),
    password_hash TEXT NOT NULL,
    user_type     TEXT NOT NULL CHECK (user_type IN ('player', 'coach', 'owner', 'manager', 'admin', 'super_admin', 'fan')),
    team_id       TEXT REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE SET NULL,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`,
  sql`CREATE INDEX users_team ON users (team_id)`,

  sql`CREATE TABLE players (
    id               TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 100),
    user_id          TEXT UNIQUE REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    team_id          TEXT REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE SET NULL,
    name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    number           INTEGER NOT NULL CHECK (number BETWEEN 0 AND 999),
    position         TEXT NOT NULL CHECK (position IN ('Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Coach')),
    position_general TEXT NOT NULL DEFAULT 'Other' CHECK (position_general IN ('GK', 'DEF', 'MID', 'FW', 'COACH', 'Other')),
    photo_id         TEXT,
    bio              TEXT NOT NULL DEFAULT '',
    metrics          TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metrics)),
    created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`,
  // Shirt numbers are unique within a roster; a player who left (team_id NULL) holds none.
  sql`CREATE UNIQUE INDEX players_team_number ON players (team_id, number) WHERE team_id IS NOT NULL`,

  sql`CREATE TABLE coaches (
    id         TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 100),
    user_id    TEXT UNIQUE REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    team_id    TEXT REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE SET NULL,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    role       TEXT NOT NULL DEFAULT '',
    bio        TEXT NOT NULL DEFAULT '',
    photo_id   TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`,
  sql`CREATE INDEX coaches_team ON coaches (team_id)`,

  sql`CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    league_id        TEXT NOT NULL REFERENCES leagues (league_id) ON UPDATE CASCADE,
    season           TEXT NOT NULL CHECK (season GLOB '[0-9][0-9][0-9][0-9]'),
    match_date       TEXT NOT NULL,
    home_team        TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    away_team        TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    location         TEXT NOT NULL DEFAULT '',
    home_score       INTEGER CHECK (home_score >= 0),
    away_score       INTEGER CHECK (away_score >= 0),
    approved         TEXT NOT NULL DEFAULT '' CHECK (approved IN ('', 'PENDING', 'TRUE', 'FALSE')),
    reported_by_team TEXT REFERENCES teams (team_id) ON UPDATE CASCADE,
    reported_by_user TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    reported_at      TEXT,
    reviewed_by_user TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    reviewed_at      TEXT,
    created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (home_team <> away_team),
    CHECK ((home_score IS NULL) = (away_score IS NULL)),
    -- a report (PENDING, TRUE or FALSE) always carries a score; no report, no score
    CHECK ((approved = '') = (home_score IS NULL)),
    CHECK (reported_by_team IS NULL OR reported_by_team IN (home_team, away_team))
  ) STRICT`,
  sql`CREATE INDEX matches_league_season ON matches (league_id, season, match_date)`,
  sql`CREATE INDEX matches_home ON matches (home_team, match_date)`,
  sql`CREATE INDEX matches_away ON matches (away_team, match_date)`,

  sql`CREATE TABLE match_events (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id   TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    kind      TEXT NOT NULL CHECK (kind IN ('goal', 'assist', 'goalkeeper'))
  ) STRICT`,
  sql`CREATE INDEX match_events_match ON match_events (match_id)`,
  sql`CREATE INDEX match_events_player ON match_events (player_id)`,

  sql`CREATE TABLE match_squads (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id   TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    UNIQUE (match_id, player_id)
  ) STRICT`,
  sql`CREATE INDEX match_squads_match_team ON match_squads (match_id, team_id)`,

  sql`CREATE TABLE sessions (
    id           TEXT PRIMARY KEY NOT NULL,
    user_id      TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_used_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    expires_at   TEXT NOT NULL,
    revoked_at   TEXT
  ) STRICT`,
  sql`CREATE INDEX sessions_user ON sessions (user_id)`,

  sql`CREATE TABLE idempotency_keys (
    id            INTEGER PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    key           TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    method        TEXT NOT NULL,
    path          TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    status        INTEGER NOT NULL,
    response_body TEXT NOT NULL,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (user_id, key)
  ) STRICT`,

  sql`CREATE TABLE league_news (
    id           INTEGER PRIMARY KEY,
    league_id    TEXT REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE SET NULL,
    title        TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
    link         TEXT NOT NULL DEFAULT '',
    image        TEXT NOT NULL DEFAULT '',
    description  TEXT NOT NULL DEFAULT '',
    published_at TEXT NOT NULL
  ) STRICT`,
  sql`CREATE INDEX league_news_published ON league_news (published_at)`,

  sql`CREATE TABLE audit_log (
    id        INTEGER PRIMARY KEY,
    at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    user_id   TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    action    TEXT NOT NULL,
    entity    TEXT NOT NULL,
    entity_id TEXT,
    before    TEXT CHECK (before IS NULL OR json_valid(before)),
    after     TEXT CHECK (after IS NULL OR json_valid(after))
  ) STRICT`,
  sql`CREATE INDEX audit_log_at ON audit_log (at)`,
];

// Kysely<any> is the documented type for migrations: they must not depend on
// the current schema types, which describe the latest state only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
