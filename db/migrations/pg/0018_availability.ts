/** PostgreSQL twin of db/migrations/0018_availability.ts. */
import { sql, type Kysely } from 'kysely';
import { ANSWER_CHECK, DEADLINE_COLUMN } from '../0018_availability';

const statements = [
  sql.raw(`ALTER TABLE teams ADD COLUMN ${DEADLINE_COLUMN}`),
  sql.raw(`CREATE TABLE availability (
    id                INTEGER PRIMARY KEY,
    match_id          INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id         TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    answer            TEXT COLLATE "C" NOT NULL CHECK (${ANSWER_CHECK}),
    note              TEXT COLLATE "C" NOT NULL DEFAULT '',
    answered_at       TEXT COLLATE "C" NOT NULL,
    answered_by       TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    schedule_sequence INTEGER NOT NULL,
    UNIQUE (match_id, player_id)
  )`),
  // SQLite's rowid rule for an omitted id (0001's touchline_rowid).
  sql`CREATE TRIGGER availability_rowid BEFORE INSERT ON availability
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql`CREATE INDEX availability_player ON availability (player_id, match_id)`,
  sql`CREATE TABLE availability_links (
    player_id  TEXT COLLATE "C" PRIMARY KEY REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    nonce      TEXT COLLATE "C" NOT NULL,
    token_hash TEXT COLLATE "C" NOT NULL UNIQUE,
    created_at TEXT COLLATE "C" NOT NULL,
    created_by TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL
  )`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
