/**
 * Personal availability links (migration 0018's availability_links): one per player, so
 * a player without an account answers from a link their staff sent them. The token is an
 * HMAC of the player and a random nonce under the server's secret: staff can copy the
 * same link again, yet only its SHA-256 is stored, so a copy of the database opens no
 * link. Revoking deletes the row; the next list makes a new link with a new nonce.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../db/connection';
import { changed, first, rows, run } from '../../db/store';

/** A token as links carry it: 43 characters of base64url (an HMAC-SHA-256). */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const tokenFor = (secret: string, playerId: string, nonce: string) =>
  createHmac('sha256', secret).update(`availability:${playerId}:${nonce}`).digest('base64url');

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface PlayerLink {
  player_id: string;
  name: string;
  number: number;
  token: string;
}

/**
 * Every rostered player's link, by shirt number: players without one get one now (two
 * lists at once keep whichever nonce was stored first).
 */
export async function teamLinks(
  db: DB,
  secret: string,
  teamId: string,
  by: string,
  now: Date,
): Promise<PlayerLink[]> {
  const roster = () =>
    rows(
      db,
      db
        .selectFrom('players as p')
        .leftJoin('availability_links as l', 'l.player_id', 'p.id')
        .select(['p.id as player_id', 'p.name', 'p.number', 'l.nonce'])
        .where('p.team_id', '=', teamId)
        .orderBy('p.number')
        .orderBy('p.id'),
    );
  let players = await roster();
  const missing = players.filter((player) => player.nonce === null);
  if (missing.length > 0) {
    await run(
      db,
      db
        .insertInto('availability_links')
        .values(
          missing.map((player) => {
            const nonce = randomBytes(16).toString('base64url');
            return {
              player_id: player.player_id,
              nonce,
              token_hash: hashOf(tokenFor(secret, player.player_id, nonce)),
              created_at: now.toISOString(),
              created_by: by,
            };
          }),
        )
        .onConflict((conflict) => conflict.column('player_id').doNothing()),
    );
    players = await roster();
  }
  return players.map((player) => ({
    player_id: player.player_id,
    name: player.name,
    number: player.number,
    token: tokenFor(secret, player.player_id, player.nonce ?? ''),
  }));
}

/** Revokes a player's link: true when they had one. */
export async function revokeLink(db: DB, playerId: string): Promise<boolean> {
  return (await changed(db, db.deleteFrom('availability_links').where('player_id', '=', playerId))) > 0;
}

/** The player a link's token answers for, while the link stands. */
export async function linkPlayer(db: DB, token: string): Promise<string | null> {
  if (!LINK_TOKEN.test(token)) return null;
  const row = await first(
    db,
    db.selectFrom('availability_links').select('player_id').where('token_hash', '=', hashOf(token)),
  );
  return row?.player_id ?? null;
}
