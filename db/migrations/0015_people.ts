/**
 * A league's people: who may do what, and how they come in.
 * - memberships: a user's rights, each scoped: the site (super_admin), one league
 *   (league_admin), or one team (coach, owner, player; a player's may name the roster's
 *   player record). users.user_type and users.team_id stay as the primary membership,
 *   which the specification's answers carry; rights are read from memberships only.
 * - invitations and password_resets: single-use links, stored as the SHA-256 of their
 *   token, never the token itself.
 * - mail_outbox: e-mails waiting to be sent or retried; the message is sealed with a key
 *   derived from the token secret, since it carries a link.
 * - users.locked_at: an account an administrator has locked; sessions.family_id and
 *   sessions.replaced_by: the sessions one sign-in has led to through refreshes, so that a
 *   refresh with a token already exchanged ends them all.
 * Existing staff get the membership their user_type and team_id describe.
 */
import { sql, type Kysely } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * What both engines run as it is once the memberships table exists: its keys, and for
 * existing staff the membership their user_type and team_id describe (a player's linked to
 * their roster record).
 */
export const MEMBERSHIPS_FILLED = [
  // One of each right: the site's once, a league's once per league, a team role once per team.
  sql`CREATE UNIQUE INDEX memberships_site ON memberships (user_id) WHERE role = 'super_admin'`,
  sql`CREATE UNIQUE INDEX memberships_league_admin ON memberships (user_id, league_id) WHERE role = 'league_admin'`,
  sql`CREATE UNIQUE INDEX memberships_team_role ON memberships (user_id, role, team_id) WHERE team_id IS NOT NULL`,
  sql`CREATE INDEX memberships_league ON memberships (league_id)`,
  sql`CREATE INDEX memberships_team ON memberships (team_id)`,
  sql`INSERT INTO memberships (user_id, role)
        SELECT id, 'super_admin' FROM users WHERE user_type = 'super_admin'`,
  sql`INSERT INTO memberships (user_id, role, team_id, player_id)
        SELECT u.id, u.user_type, u.team_id,
               CASE WHEN u.user_type = 'player'
                    THEN (SELECT p.id FROM players p WHERE p.user_id = u.id AND p.team_id = u.team_id
                           ORDER BY p.id LIMIT 1) END
          FROM users u
         WHERE u.user_type IN ('coach', 'owner', 'player') AND u.team_id IS NOT NULL`,
];

const statements = [
  sql`CREATE TABLE memberships (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('super_admin', 'league_admin', 'coach', 'owner', 'player')),
    league_id  TEXT REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id    TEXT REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    player_id  TEXT REFERENCES players (id) ON UPDATE CASCADE ON DELETE SET NULL,
    created_at TEXT NOT NULL DEFAULT ${now},
    CHECK ((role = 'super_admin' AND league_id IS NULL AND team_id IS NULL)
        OR (role = 'league_admin' AND league_id IS NOT NULL AND team_id IS NULL)
        OR (role IN ('coach', 'owner', 'player') AND league_id IS NULL AND team_id IS NOT NULL)),
    CHECK (player_id IS NULL OR role = 'player')
  ) STRICT`,
  ...MEMBERSHIPS_FILLED,

  sql`CREATE TABLE invitations (
    id          TEXT PRIMARY KEY NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    email       TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
    role        TEXT NOT NULL CHECK (role IN ('super_admin', 'league_admin', 'coach', 'owner', 'player')),
    league_id   TEXT REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id     TEXT REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    player_id   TEXT REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    invited_by  TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    accepted_at TEXT,
    accepted_by TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    revoked_at  TEXT
  ) STRICT`,
  sql`CREATE INDEX invitations_league ON invitations (league_id)`,
  sql`CREATE INDEX invitations_team ON invitations (team_id)`,

  sql`CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
  ) STRICT`,
  sql`CREATE INDEX password_resets_user ON password_resets (user_id)`,

  sql`CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL,
    ref_id          TEXT,
    to_address      TEXT NOT NULL,
    sealed          TEXT,
    created_at      TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL,
    claimed_until   TEXT,
    sent_at         TEXT,
    failed_at       TEXT,
    last_error      TEXT
  ) STRICT`,
  sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
  sql`CREATE INDEX mail_outbox_ref ON mail_outbox (kind, ref_id)`,

  sql`ALTER TABLE users ADD COLUMN locked_at TEXT`,
  sql`ALTER TABLE sessions ADD COLUMN family_id TEXT`,
  sql`ALTER TABLE sessions ADD COLUMN replaced_by TEXT`,
  sql`UPDATE sessions SET family_id = id`,
  sql`CREATE INDEX sessions_family ON sessions (family_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
