/** PostgreSQL twin of db/migrations/0015_people.ts. */
import { sql, type Kysely } from 'kysely';
import { MEMBERSHIPS_FILLED } from '../0015_people';
import { NOW_TEXT } from './0001_initial';

const now = sql.raw(NOW_TEXT);

const statements = [
  sql`CREATE TABLE memberships (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    role       TEXT COLLATE "C" NOT NULL CHECK (role IN ('super_admin', 'league_admin', 'coach', 'owner', 'player')),
    league_id  TEXT COLLATE "C" REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id    TEXT COLLATE "C" REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    player_id  TEXT COLLATE "C" REFERENCES players (id) ON UPDATE CASCADE ON DELETE SET NULL,
    created_at TEXT COLLATE "C" NOT NULL DEFAULT ${now},
    CHECK ((role = 'super_admin' AND league_id IS NULL AND team_id IS NULL)
        OR (role = 'league_admin' AND league_id IS NOT NULL AND team_id IS NULL)
        OR (role IN ('coach', 'owner', 'player') AND league_id IS NULL AND team_id IS NOT NULL)),
    CHECK (player_id IS NULL OR role = 'player')
  )`,
  sql`CREATE TRIGGER memberships_rowid BEFORE INSERT ON memberships
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  ...MEMBERSHIPS_FILLED,

  sql`CREATE TABLE invitations (
    id          TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    token_hash  TEXT COLLATE "C" NOT NULL UNIQUE,
    email       TEXT COLLATE "C" NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
    role        TEXT COLLATE "C" NOT NULL CHECK (role IN ('super_admin', 'league_admin', 'coach', 'owner', 'player')),
    league_id   TEXT COLLATE "C" REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id     TEXT COLLATE "C" REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    player_id   TEXT COLLATE "C" REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    invited_by  TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    created_at  TEXT COLLATE "C" NOT NULL,
    expires_at  TEXT COLLATE "C" NOT NULL,
    accepted_at TEXT COLLATE "C",
    accepted_by TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    revoked_at  TEXT COLLATE "C"
  )`,
  sql`CREATE INDEX invitations_league ON invitations (league_id)`,
  sql`CREATE INDEX invitations_team ON invitations (team_id)`,

  sql`CREATE TABLE password_resets (
    token_hash TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    user_id    TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at TEXT COLLATE "C" NOT NULL,
    expires_at TEXT COLLATE "C" NOT NULL,
    used_at    TEXT COLLATE "C"
  )`,
  sql`CREATE INDEX password_resets_user ON password_resets (user_id)`,

  sql`CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY,
    kind            TEXT COLLATE "C" NOT NULL,
    ref_id          TEXT COLLATE "C",
    to_address      TEXT COLLATE "C" NOT NULL,
    sealed          TEXT COLLATE "C",
    created_at      TEXT COLLATE "C" NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT COLLATE "C" NOT NULL,
    claimed_until   TEXT COLLATE "C",
    sent_at         TEXT COLLATE "C",
    failed_at       TEXT COLLATE "C",
    last_error      TEXT COLLATE "C"
  )`,
  sql`CREATE TRIGGER mail_outbox_rowid BEFORE INSERT ON mail_outbox
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
  sql`CREATE INDEX mail_outbox_ref ON mail_outbox (kind, ref_id)`,

  sql`ALTER TABLE users ADD COLUMN locked_at TEXT COLLATE "C"`,
  sql`ALTER TABLE sessions ADD COLUMN family_id TEXT COLLATE "C"`,
  sql`ALTER TABLE sessions ADD COLUMN replaced_by TEXT COLLATE "C"`,
  sql`UPDATE sessions SET family_id = id`,
  sql`CREATE INDEX sessions_family ON sessions (family_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
