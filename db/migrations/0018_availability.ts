/**
 * Who can play: players' answers for their team's upcoming matches, and the personal
 * links they answer through without an account.
 * - teams.availability_deadline_hours: answers close this many hours before kick-off
 *   (staff may still set one after).
 * - availability: one answer per match and player. `schedule_sequence` is the match's
 *   when the answer was given: lower than the match's now means the match was moved or
 *   postponed since, and the answer waits for the player to confirm it.
 * - availability_links: one personal link per player. The token is derived from the
 *   nonce with the server's secret (so staff can copy it again) and kept only as its
 *   SHA-256; revoking deletes the row, and the old link stops working.
 * Private to a team's people: not data-versioned, never in a public read.
 */
import { sql, type Kysely } from 'kysely';

export const DEADLINE_COLUMN = `availability_deadline_hours INTEGER NOT NULL DEFAULT 24
    CHECK (availability_deadline_hours BETWEEN 0 AND 336)`;
export const ANSWER_CHECK = `answer IN ('available', 'maybe', 'unavailable')`;

const statements = [
  sql.raw(`ALTER TABLE teams ADD COLUMN ${DEADLINE_COLUMN}`),
  sql.raw(`CREATE TABLE availability (
    id                INTEGER PRIMARY KEY,
    match_id          INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id         TEXT NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    answer            TEXT NOT NULL CHECK (${ANSWER_CHECK}),
    note              TEXT NOT NULL DEFAULT '',
    answered_at       TEXT NOT NULL,
    answered_by       TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    schedule_sequence INTEGER NOT NULL,
    UNIQUE (match_id, player_id)
  ) STRICT`),
  sql`CREATE INDEX availability_player ON availability (player_id, match_id)`,
  sql`CREATE TABLE availability_links (
    player_id  TEXT PRIMARY KEY REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    nonce      TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    created_by TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL
  ) STRICT`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
