/**
 * PostgreSQL twin of db/migrations/0001_initial.ts: the same tables, columns, keys,
 * CHECKs, foreign keys (same actions), unique constraints and indexes, same names.
 *
 * Translated, not changed:
 * - Every TEXT column is COLLATE "C": code point order and byte-wise equality, as
 *   SQLite's BINARY, whatever the database's default collation.
 * - Time defaults: the same text (ISO 8601, UTC, milliseconds) from the statement's
 *   start, as SQLite's 'now' is one instant per statement.
 * - SQLite's INTEGER PRIMARY KEY (the rowid) takes max(id) + 1 when the id is omitted:
 *   here a BEFORE INSERT trigger (touchline_rowid) does the same, so explicit ids (seeds,
 *   tests) and omitted ones mix as on SQLite. Writes are serialised by an advisory lock
 *   (db/postgres.ts), so two inserts never read the same max.
 * - GLOB '[0-9][0-9][0-9][0-9]' is a regular expression; json_valid is touchline_json_valid,
 *   a CHECK failure (SQLSTATE 23514) for a bad value as on SQLite.
 * - users.email UNIQUE COLLATE NOCASE: a unique index on lower(email). Under the C
 *   collation lower() folds ASCII only, exactly as NOCASE does. (Lookups by email that
 *   must ignore case compare lower(email), which this index serves.)
 * - STRICT has no counterpart: PostgreSQL's columns are typed anyway.
 */
import { sql, type Kysely } from 'kysely';

/** SQLite's strftime('%Y-%m-%dT%H:%M:%fZ', 'now'). */
export const NOW_TEXT = `to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The tables whose INTEGER PRIMARY KEY `id` SQLite fills in (its rowid). */
export const ROWID_TABLES = [
  'matches',
  'match_events',
  'match_squads',
  'idempotency_keys',
  'league_news',
  'audit_log',
] as const;

const now = sql.raw(NOW_TEXT);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
async function jsonValidFunction(db: Kysely<any>) {
  const version = await sql<{
    version: number;
  }>`SELECT current_setting('server_version_num')::int AS version`.execute(db);
  // PostgreSQL 16 checks input without raising; before it, a failed cast is caught.
  const body =
    (version.rows[0]?.version ?? 0) >= 160000
      ? `BEGIN RETURN pg_input_is_valid(value, 'json'); END`
      : `BEGIN PERFORM value::json; RETURN true; EXCEPTION WHEN others THEN RETURN false; END`;
  return sql.raw(`CREATE FUNCTION touchline_json_valid(value text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $body$ ${body} $body$`);
}

/**
 * SQLite's rowid rule for an omitted id: one more than the largest. One function for
 * every such table: a static query per table of ROWID_TABLES (planned once per
 * connection, cheaper than a dynamic one), a dynamic one for any other.
 */
const rowidFunction = sql.raw(`CREATE FUNCTION touchline_rowid() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      IF NEW.id IS NULL THEN
        CASE TG_TABLE_NAME
          ${ROWID_TABLES.map((table) => `WHEN '${table}' THEN SELECT coalesce(max(id), 0) + 1 INTO NEW.id FROM ${table};`).join('\n          ')}
          ELSE
            EXECUTE format('SELECT coalesce(max(id), 0) + 1 FROM %I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME)
              INTO NEW.id;
        END CASE;
      END IF;
      RETURN NEW;
    END
  $body$`);

const statements = [
  rowidFunction,

  sql`CREATE TABLE leagues (
    league_id   TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (length(league_id) BETWEEN 1 AND 64),
    league_name TEXT COLLATE "C" NOT NULL CHECK (length(league_name) BETWEEN 1 AND 200),
    season      TEXT COLLATE "C" NOT NULL CHECK (season ~ '^[0-9]{4}$'),
    status      TEXT COLLATE "C" NOT NULL CHECK (status IN ('active', 'upcoming', 'completed')),
    location    TEXT COLLATE "C" NOT NULL DEFAULT '',
    created_at  TEXT COLLATE "C" NOT NULL DEFAULT ${now}
  )`,

  sql`CREATE TABLE teams (
    team_id         TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (length(team_id) BETWEEN 1 AND 100),
    team_name       TEXT COLLATE "C" NOT NULL CHECK (length(team_name) BETWEEN 1 AND 200),
    league_id       TEXT COLLATE "C" REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE SET NULL,
    location        TEXT COLLATE "C" NOT NULL DEFAULT '',
    description     TEXT COLLATE "C" NOT NULL DEFAULT '',
    logo            TEXT COLLATE "C",
    youtube_channel TEXT COLLATE "C",
    website         TEXT COLLATE "C",
    social_media    TEXT COLLATE "C",
    news_url        TEXT COLLATE "C",
    created_at      TEXT COLLATE "C" NOT NULL DEFAULT ${now}
  )`,
  sql`CREATE INDEX teams_league ON teams (league_id)`,

  sql`CREATE TABLE users (
    id            TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 100),
    name          TEXT COLLATE "C" NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    email         TEXT COLLATE "C" NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
    password_hash TEXT COLLATE "C" NOT NULL,
    user_type     TEXT COLLATE "C" NOT NULL CHECK (user_type IN ('player', 'coach', 'owner', 'manager', 'admin', 'super_admin', 'fan')),
    team_id       TEXT COLLATE "C" REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE SET NULL,
    created_at    TEXT COLLATE "C" NOT NULL DEFAULT ${now}
  )`,
  // UNIQUE COLLATE NOCASE: ASCII case folded (lower() under the C collation).
  sql`CREATE UNIQUE INDEX users_email_nocase ON users (lower(email))`,
  sql`CREATE INDEX users_team ON users (team_id)`,

  sql`CREATE TABLE players (
    id               TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 100),
    user_id          TEXT COLLATE "C" UNIQUE REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    team_id          TEXT COLLATE "C" REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE SET NULL,
    name             TEXT COLLATE "C" NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    number           INTEGER NOT NULL CHECK (number BETWEEN 0 AND 999),
    position         TEXT COLLATE "C" NOT NULL CHECK (position IN ('Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Coach')),
    position_general TEXT COLLATE "C" NOT NULL DEFAULT 'Other' CHECK (position_general IN ('GK', 'DEF', 'MID', 'FW', 'COACH', 'Other')),
    photo_id         TEXT COLLATE "C",
    bio              TEXT COLLATE "C" NOT NULL DEFAULT '',
    metrics          TEXT COLLATE "C" NOT NULL DEFAULT '{}' CHECK (touchline_json_valid(metrics)),
    created_at       TEXT COLLATE "C" NOT NULL DEFAULT ${now}
  )`,
  // Shirt numbers are unique within a roster; a player who left (team_id NULL) holds none.
  sql`CREATE UNIQUE INDEX players_team_number ON players (team_id, number) WHERE team_id IS NOT NULL`,

  sql`CREATE TABLE coaches (
    id         TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 100),
    user_id    TEXT COLLATE "C" UNIQUE REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    team_id    TEXT COLLATE "C" REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE SET NULL,
    name       TEXT COLLATE "C" NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    role       TEXT COLLATE "C" NOT NULL DEFAULT '',
    bio        TEXT COLLATE "C" NOT NULL DEFAULT '',
    photo_id   TEXT COLLATE "C",
    created_at TEXT COLLATE "C" NOT NULL DEFAULT ${now}
  )`,
  sql`CREATE INDEX coaches_team ON coaches (team_id)`,

  sql`CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    league_id        TEXT COLLATE "C" NOT NULL REFERENCES leagues (league_id) ON UPDATE CASCADE,
    season           TEXT COLLATE "C" NOT NULL CHECK (season ~ '^[0-9]{4}$'),
    match_date       TEXT COLLATE "C" NOT NULL,
    home_team        TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    away_team        TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    location         TEXT COLLATE "C" NOT NULL DEFAULT '',
    home_score       INTEGER CHECK (home_score >= 0),
    away_score       INTEGER CHECK (away_score >= 0),
    approved         TEXT COLLATE "C" NOT NULL DEFAULT '' CHECK (approved IN ('', 'PENDING', 'TRUE', 'FALSE')),
    reported_by_team TEXT COLLATE "C" REFERENCES teams (team_id) ON UPDATE CASCADE,
    reported_by_user TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    reported_at      TEXT COLLATE "C",
    reviewed_by_user TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    reviewed_at      TEXT COLLATE "C",
    created_at       TEXT COLLATE "C" NOT NULL DEFAULT ${now},
    updated_at       TEXT COLLATE "C" NOT NULL DEFAULT ${now},
    CHECK (home_team <> away_team),
    CHECK ((home_score IS NULL) = (away_score IS NULL)),
    -- a report (PENDING, TRUE or FALSE) always carries a score; no report, no score
    CHECK ((approved = '') = (home_score IS NULL)),
    CHECK (reported_by_team IS NULL OR reported_by_team IN (home_team, away_team))
  )`,
  sql`CREATE INDEX matches_league_season ON matches (league_id, season, match_date)`,
  sql`CREATE INDEX matches_home ON matches (home_team, match_date)`,
  sql`CREATE INDEX matches_away ON matches (away_team, match_date)`,

  sql`CREATE TABLE match_events (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id   TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    player_id TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    kind      TEXT COLLATE "C" NOT NULL CHECK (kind IN ('goal', 'assist', 'goalkeeper'))
  )`,
  sql`CREATE INDEX match_events_match ON match_events (match_id)`,
  sql`CREATE INDEX match_events_player ON match_events (player_id)`,

  sql`CREATE TABLE match_squads (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id   TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    player_id TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    UNIQUE (match_id, player_id)
  )`,
  sql`CREATE INDEX match_squads_match_team ON match_squads (match_id, team_id)`,

  sql`CREATE TABLE sessions (
    id           TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    user_id      TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at   TEXT COLLATE "C" NOT NULL DEFAULT ${now},
    last_used_at TEXT COLLATE "C" NOT NULL DEFAULT ${now},
    expires_at   TEXT COLLATE "C" NOT NULL,
    revoked_at   TEXT COLLATE "C"
  )`,
  sql`CREATE INDEX sessions_user ON sessions (user_id)`,

  sql`CREATE TABLE idempotency_keys (
    id            INTEGER PRIMARY KEY,
    user_id       TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    key           TEXT COLLATE "C" NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    method        TEXT COLLATE "C" NOT NULL,
    path          TEXT COLLATE "C" NOT NULL,
    request_hash  TEXT COLLATE "C" NOT NULL,
    status        INTEGER NOT NULL,
    response_body TEXT COLLATE "C" NOT NULL,
    created_at    TEXT COLLATE "C" NOT NULL DEFAULT ${now},
    UNIQUE (user_id, key)
  )`,

  sql`CREATE TABLE league_news (
    id           INTEGER PRIMARY KEY,
    league_id    TEXT COLLATE "C" REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE SET NULL,
    title        TEXT COLLATE "C" NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
    link         TEXT COLLATE "C" NOT NULL DEFAULT '',
    image        TEXT COLLATE "C" NOT NULL DEFAULT '',
    description  TEXT COLLATE "C" NOT NULL DEFAULT '',
    published_at TEXT COLLATE "C" NOT NULL
  )`,
  sql`CREATE INDEX league_news_published ON league_news (published_at)`,

  sql`CREATE TABLE audit_log (
    id        INTEGER PRIMARY KEY,
    at        TEXT COLLATE "C" NOT NULL DEFAULT ${now},
    user_id   TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    action    TEXT COLLATE "C" NOT NULL,
    entity    TEXT COLLATE "C" NOT NULL,
    entity_id TEXT COLLATE "C",
    before    TEXT COLLATE "C" CHECK (before IS NULL OR touchline_json_valid(before)),
    after     TEXT COLLATE "C" CHECK (after IS NULL OR touchline_json_valid(after))
  )`,
  sql`CREATE INDEX audit_log_at ON audit_log (at)`,

  ...ROWID_TABLES.map(
    (table) =>
      sql`CREATE TRIGGER ${sql.raw(`${table}_rowid`)} BEFORE INSERT ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  ),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await (await jsonValidFunction(db)).execute(db);
  for (const statement of statements) await statement.execute(db);
}
