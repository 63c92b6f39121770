/**
 * The squad announced (migration 0019's squad_announcements): saving a selection before
 * kick-off tells each player with an account whether they are in it. Only players whose
 * place changed since they were last told hear again, so saving twice tells nobody twice:
 * the newly picked are told they are in, and a player told they were in who is left out
 * is told so. The others who are not picked hear only when the coach chooses.
 */
import type { DB } from '../../db/connection';
import { statement } from '../../db/store';
import { squadAnnounced, type TeamFixture } from '../domain/notification-text';
import { notifyUsers, type SentNotification } from './notifications';

/**
 * The team's players with an account, with what each was last told of the match's squad
 * and whether they muted squad announcements. Prepared once: it runs with every squad saved.
 */
const ROSTER = statement((db: DB, a: { matchId: number; teamId: string }) =>
  db
    .selectFrom('players as p')
    .leftJoin('memberships as ms', (join) =>
      join.onRef('ms.player_id', '=', 'p.id').on('ms.role', '=', 'player'),
    )
    .leftJoin('squad_announcements as s', (join) =>
      join.onRef('s.player_id', '=', 'p.id').on('s.match_id', '=', a.matchId),
    )
    .leftJoin('notification_mutes as mute', (join) =>
      join
        .on('mute.kind', '=', 'squad_announced')
        .on((eb) => eb('mute.user_id', '=', eb.fn.coalesce('p.user_id', 'ms.user_id'))),
    )
    .select((eb) => [
      'p.id as player_id',
      eb.fn.coalesce('p.user_id', 'ms.user_id').as('user_id'),
      's.selected as told',
      'mute.user_id as muted',
    ])
    .where('p.team_id', '=', a.teamId)
    .orderBy('p.id'),
);

const TELL = statement((db: DB, a: { matchId: number; playerId: string; selected: number }) =>
  db
    .insertInto('squad_announcements')
    .values({ match_id: a.matchId, player_id: a.playerId, selected: a.selected })
    .onConflict((conflict) =>
      conflict.columns(['match_id', 'player_id']).doUpdateSet({ selected: a.selected }),
    ),
);

/** Tells the team's players what the saved squad means for them; returns what was sent. */
export async function announceSquad(
  db: DB,
  fixture: TeamFixture & { teamId: string },
  squad: readonly string[],
  tellOthers: boolean,
  at: string,
): Promise<SentNotification[]> {
  const roster = await ROSTER.all(db, { matchId: fixture.matchId, teamId: fixture.teamId });
  const picked = new Set(squad);
  const seen = new Set<string>();
  const sent: SentNotification[] = [];
  for (const player of roster) {
    // A player with both a roster account and a membership appears twice: tell them once.
    if (player.user_id === null || seen.has(player.player_id)) continue;
    seen.add(player.player_id);
    const selected = picked.has(player.player_id) ? 1 : 0;
    if (player.told === selected) continue;
    if (selected === 0 && player.told !== 1 && !tellOthers) continue;
    await TELL.run(db, { matchId: fixture.matchId, playerId: player.player_id, selected });
    if (player.muted !== null) continue;
    sent.push(...(await notifyUsers(db, [player.user_id], squadAnnounced(fixture, selected === 1), at)));
  }
  return sent;
}
