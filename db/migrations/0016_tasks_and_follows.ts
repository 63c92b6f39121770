/**
 * Notifications that stay true, rejections that say why, and teams that people follow:
 * - notifications.task: the piece of work a notification asks for ('report:<match>',
 *   'review:<match>' or 'decide:<match>'); resolved_at: when that work was done (or made
 *   moot), after which the bell shows the notification as done and no longer counts it.
 *   A person holds at most one notification per task and kind: a newer one replaces it.
 *   Existing notifications get their task from the match their link opens, and those
 *   whose work is already done are resolved, so an upgraded bell is true from the start.
 * - matches.rejection_reason: why the reviewer rejected the match's report, while it is
 *   rejected.
 * - team_follows: the teams a signed-in user follows (their favourite team among them),
 *   who are told when a followed team's match moves or its result is confirmed. Private
 *   to each user, so not data-versioned.
 */
import { sql, type Kysely } from 'kysely';

/** Where each engine finds the match id in a notification's link ("…match=<id>", last). */
export function backfillTasks(matchIdOfLink: string) {
  const task = `CASE
      WHEN kind = 'report_rejected' OR link LIKE '/manager/match-report%' THEN 'report:'
      WHEN kind = 'reports_differ' THEN 'decide:'
      ELSE 'review:' END || ${matchIdOfLink}`;
  return [
    sql.raw(`UPDATE notifications SET task = ${task}
      WHERE kind IN ('report_to_review', 'report_rejected', 'reports_differ', 'report_overdue')
        AND link LIKE '%match=%'`),
    // Work already done: a report exists (report), none is waiting for review (review, decide).
    sql.raw(`UPDATE notifications SET resolved_at = created_at, read_at = COALESCE(read_at, created_at)
      WHERE task IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM matches m
         WHERE 'report:' || m.id = notifications.task AND m.approved IN ('', 'FALSE') AND m.status = 'scheduled'
            OR 'review:' || m.id = notifications.task AND m.approved = 'PENDING' AND m.status = 'scheduled'
            OR 'decide:' || m.id = notifications.task AND m.approved = 'PENDING'
               AND EXISTS (SELECT 1 FROM match_counter_reports c WHERE c.match_id = m.id))`),
  ];
}

export const OPEN_TASK_INDEX = sql`CREATE INDEX notifications_open_task ON notifications (task)
  WHERE task IS NOT NULL AND resolved_at IS NULL`;
export const USER_TASK_INDEX = sql`CREATE INDEX notifications_user_task ON notifications (user_id, task)
  WHERE task IS NOT NULL`;

const statements = [
  sql`ALTER TABLE notifications ADD COLUMN task TEXT`,
  sql`ALTER TABLE notifications ADD COLUMN resolved_at TEXT`,
  ...backfillTasks(`substr(link, instr(link, 'match=') + 6)`),
  OPEN_TASK_INDEX,
  USER_TASK_INDEX,
  sql`ALTER TABLE matches ADD COLUMN rejection_reason TEXT`,
  sql`CREATE TABLE team_follows (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id    TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, team_id)
  ) STRICT`,
  sql`CREATE INDEX team_follows_team ON team_follows (team_id, user_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
