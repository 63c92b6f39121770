/**
 * Invitations: a single-use link that brings someone in with one membership. Valid for
 * seven days; kept only as the SHA-256 of its token.
 */
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/connection';
import type { MembershipRole } from '../../db/schema';
import { changed, first, rows, run } from '../../db/store';
import type { Membership } from '../../db/rules/rights';
import { hashLinkToken, newLinkToken } from './links';

export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

export interface NewInvitation {
  email: string;
  role: MembershipRole;
  league_id: string | null;
  team_id: string | null;
  player_id: string | null;
  invited_by: string;
}

export async function createInvitation(
  db: DB,
  invitation: NewInvitation,
  now: Date,
): Promise<{ id: string; token: string; expiresAt: string }> {
  const id = randomBytes(12).toString('base64url');
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_SECONDS * 1000).toISOString();
  await run(
    db,
    db.insertInto('invitations').values({
      id,
      token_hash: hash,
      ...invitation,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    }),
  );
  return { id, token, expiresAt };
}

/** An invitation with the names a screen shows. */
function described(db: DB) {
  return db
    .selectFrom('invitations as i')
    .leftJoin('leagues as l', 'l.league_id', 'i.league_id')
    .leftJoin('teams as t', 't.team_id', 'i.team_id')
    .leftJoin('leagues as tl', 'tl.league_id', 't.league_id')
    .leftJoin('players as p', 'p.id', 'i.player_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.email',
      'i.role',
      'i.league_id',
      'i.team_id',
      'i.player_id',
      'i.created_at',
      'i.expires_at',
      'i.accepted_at',
      'i.revoked_at',
      'l.league_name',
      't.team_name',
      't.league_id as team_league_id',
      'tl.league_name as team_league_name',
      'p.name as player_name',
      'u.name as invited_by_name',
    ]);
}

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof invitationById>>>;

export function invitationById(db: DB, id: string) {
  return first(db, described(db).where('i.id', '=', id));
}

export function invitationByToken(db: DB, token: string) {
  return first(db, described(db).where('i.token_hash', '=', hashLinkToken(token)));
}

/** Whether it can still be accepted. */
export function isOpen(invitation: InvitationRow, now: Date): boolean {
  return (
    invitation.accepted_at === null &&
    invitation.revoked_at === null &&
    invitation.expires_at > now.toISOString()
  );
}

/** The open invitations to a team's or a league's memberships (a league's include its teams'), newest first. */
export function openInvitations(db: DB, scope: { teamId?: string; leagueId?: string }, now: Date) {
  return rows(
    db,
    described(db)
      .where('i.accepted_at', 'is', null)
      .where('i.revoked_at', 'is', null)
      .where('i.expires_at', '>', now.toISOString())
      .$if(scope.teamId !== undefined, (query) => query.where('i.team_id', '=', scope.teamId ?? ''))
      .$if(scope.leagueId !== undefined, (query) =>
        query.where((eb) =>
          eb.or([eb('i.league_id', '=', scope.leagueId ?? ''), eb('t.league_id', '=', scope.leagueId ?? '')]),
        ),
      )
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id'),
  );
}

/** Marks it accepted by the user, if it still was open: false when another accept came first. */
export async function markAccepted(db: DB, id: string, userId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return (
    (await changed(
      db,
      db
        .updateTable('invitations')
        .set({ accepted_at: at, accepted_by: userId })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at),
    )) === 1
  );
}

export async function revokeInvitation(db: DB, id: string, now: Date): Promise<boolean> {
  return (
    (await changed(
      db,
      db
        .updateTable('invitations')
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null),
    )) === 1
  );
}

/** The membership an invitation grants. */
export function grantOf(
  invitation: Pick<InvitationRow, 'role' | 'league_id' | 'team_id' | 'player_id'>,
): Membership {
  return {
    role: invitation.role,
    league_id: invitation.league_id,
    team_id: invitation.team_id,
    player_id: invitation.player_id,
  };
}
