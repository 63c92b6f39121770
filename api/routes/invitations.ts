/**
 * /api/invitations: bringing people in by e-mail with one membership (a league's admin,
 * a team's staff or player), the invitee's view of a link, and accepting it.
 */
import { z } from 'zod';
import { hashPassword } from '../../db/password';
import { bearerUser, currentUser } from '../auth/middleware';
import { administeredLeagues, coachesTeam, isSuperAdmin } from '../../db/rules/rights';
import { uniqueId } from '../data/ids';
import {
  createInvitation,
  grantOf,
  invitationById,
  invitationByToken,
  isOpen,
  markAccepted,
  openInvitations,
  revokeInvitation,
  type InvitationRow,
} from '../data/invitations';
import { LINK_TOKEN } from '../data/links';
import { leagueOfTeam } from '../data/lookups';
import { addMembership } from '../data/memberships';
import { emailTaken, insertUser } from '../data/users';
import { LOCKED_PASSWORD_HASH } from '../data/admin-tables';
import { limitByAddress } from '../auth/sign-in-throttle';
import { fail } from '../errors';
import { securityEvent } from '../log';
import {
  action,
  endpoint,
  errors,
  json,
  jsonBody,
  read,
  readAnswer,
  resourceRouter,
  write,
} from '../http/contract';
import { CACHE } from '../http/cache';
import { asMembership, assertMayGrant, membershipInput, withinReach } from '../http/people';
import { jsonRead } from '../http/read';
import { issueSession, roleLabel } from '../http/sessions';
import { emailField, idParam } from '../http/validate';
import { audit, inTransaction } from '../http/write';
import { mailStates } from '../mail/outbox';
import { invitationMail } from '../mail/messages';
import { queueMail } from '../mail/outbox';
import { DetailSchema, MEMBERSHIP_ROLE_SCHEMA, SessionSchema } from '../schemas';
import { newPassword } from '../auth/passwords';
import type { AppEnv } from '../env';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;

const EMAIL_STATES = ['not_configured', 'queued', 'retrying', 'sent', 'failed'] as const;

const InvitationSchema = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    role: MEMBERSHIP_ROLE_SCHEMA,
    league_id: z.string().nullable(),
    team_id: z.string().nullable(),
    player_id: z.string().nullable(),
    scope_name: z.string().describe("the league's or team's name (empty for the site)"),
    player_name: z.string().nullable(),
    invited_by: z.string().nullable().describe("the inviter's name"),
    created_at: z.string(),
    expires_at: z.string(),
    email_status: z
      .enum(EMAIL_STATES)
      .describe(
        'not_configured: e-mail is not set up, copy or share the link; failed: given up after retries',
      ),
    email_error: z.string().nullable().describe('why the last attempt to send failed'),
  })
  .meta({ id: 'Invitation' });

const CreatedInvitationSchema = z
  .strictObject({
    id: z.string(),
    link: z.string().describe('the single-use link, shown once: only its hash is kept'),
    expires_at: z.string(),
    email_status: z.enum(EMAIL_STATES),
  })
  .meta({ id: 'CreatedInvitation' });

const InvitationViewSchema = z
  .strictObject({
    email: z.string(),
    role: MEMBERSHIP_ROLE_SCHEMA,
    role_label: z.string().describe('e.g. "coach of East United"'),
    league_id: z.string().nullable(),
    league_name: z.string().nullable(),
    team_id: z.string().nullable(),
    team_name: z.string().nullable(),
    player_name: z.string().nullable(),
    invited_by: z.string().nullable(),
    expires_at: z.string(),
    account_exists: z.boolean().describe('true: sign in to accept; false: choose a name and password'),
  })
  .meta({ id: 'InvitationView' });

const tokenPath = z.object({
  token: z.string().regex(LINK_TOKEN, 'is not an invitation token').meta({ description: 'from the link' }),
});
const invitationPath = z.object({ id: idParam.meta({ description: 'invitation id' }) });

const DEAD_LINK =
  'This invitation is no longer valid: it was used, withdrawn or has expired. Ask for a new one.';

const createRoute = action({
  method: 'post',
  signedIn: true,
  path: '/invitations',
  operationId: 'createInvitation',
  tags: ['people'],
  summary: 'Invite someone by e-mail',
  description:
    'A super admin invites to any role; an admin of a league to its admins and its teams’ staff and ' +
    'players; a team’s coach or owner to that team’s staff and players. The link (shown once) is valid ' +
    'for 7 days and single use; it is e-mailed when e-mail is set up',
  request: { body: jsonBody(membershipInput.safeExtend({ email: emailField })) },
  responses: {
    201: json(CreatedInvitationSchema, 'Invited'),
    ...errors(400, 401, 413, { 403: 'Outside the leagues and teams you run' }),
  },
});

const listRoute = read({
  path: '/invitations',
  operationId: 'listInvitations',
  tags: ['people'],
  summary: 'Open invitations',
  description:
    'Pending (not accepted, withdrawn or expired) invitations to a team (team_id: its staff) or a league ' +
    '(league_id: its admins, and its teams’), newest first, with how their e-mail went. no-store',
  signedIn: true,
  request: {
    query: z.object({
      team_id: idParam.optional().meta({ description: 'this team’s' }),
      league_id: idParam.optional().meta({ description: 'this league’s and its teams’' }),
    }),
  },
  responses: {
    200: readAnswer(z.strictObject({ invitations: z.array(InvitationSchema) })),
    ...errors(400, 401, { 403: 'Not staff of the team, nor an admin of the league' }),
  },
});

const revokeRoute = write({
  method: 'delete',
  path: '/invitations/{id}',
  operationId: 'revokeInvitation',
  tags: ['people'],
  summary: 'Withdraw an invitation',
  description: 'Whoever may invite to it; its link stops working',
  request: { params: invitationPath },
  responses: {
    200: json(DetailSchema, 'Withdrawn'),
    ...errors({
      403: 'Outside the leagues and teams you run',
      404: 'Unknown invitation',
      409: 'Already accepted or withdrawn',
    }),
  },
});

const viewRoute = read({
  path: '/invitations/by-token/{token}',
  operationId: 'getInvitationByToken',
  tags: ['people'],
  summary: 'Who invites whom to what',
  description: 'Public: what the link offers. 410 once it was used, withdrawn or has expired. no-store',
  request: { params: tokenPath },
  responses: {
    200: readAnswer(InvitationViewSchema),
    ...errors(400, { 404: 'Unknown link', 410: 'Used, withdrawn or expired' }),
  },
});

const acceptRoute = action({
  method: 'post',
  path: '/invitations/by-token/{token}/accept',
  operationId: 'acceptInvitation',
  tags: ['people'],
  summary: 'Accept an invitation',
  description:
    'Without a bearer token: creates the account for the invited address with { name, password } and ' +
    'signs it in (201). With one: adds the membership to the signed-in account (200), which is signed in ' +
    'afresh. Either way the answer is a sign-in’s',
  request: {
    params: tokenPath,
    body: {
      content: {
        'application/json': {
          schema: z.object({
            name: z
              .string()
              .trim()
              .min(1, 'is required')
              .max(100, 'must be at most 100 characters')
              .optional(),
            password: newPassword.optional(),
          }),
        },
      },
      required: false,
    },
  },
  responses: {
    200: json(SessionSchema, 'Added to the signed-in account'),
    201: json(SessionSchema, 'Account created and signed in'),
    ...errors(400, 401, 413, {
      404: 'Unknown link',
      409: 'The address has an account: sign in first',
      410: 'Used, withdrawn or expired',
    }),
  },
});

/** A row as the inviter's list shows it. */
async function listed(c: Ctx, rows: InvitationRow[]) {
  const states = c.get('options').mailEnabled
    ? await mailStates(
        c.get('db'),
        'invitation',
        rows.map((row) => row.id),
      )
    : new Map();
  return rows.map((row) => {
    const mail = states.get(row.id);
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      league_id: row.league_id,
      team_id: row.team_id,
      player_id: row.player_id,
      scope_name: row.team_name ?? row.league_name ?? '',
      player_name: row.player_name,
      invited_by: row.invited_by_name,
      created_at: row.created_at,
      expires_at: row.expires_at,
      email_status: mail?.state ?? (c.get('options').mailEnabled ? 'queued' : 'not_configured'),
      email_error: mail?.last_error ?? null,
    } as const;
  });
}

/** Whether the caller may invite to (and so see and withdraw) this invitation's membership. */
async function mayHandle(c: Ctx, row: InvitationRow): Promise<boolean> {
  const actor = currentUser(c);
  return (
    coachesTeam(actor, row.team_id) ||
    (row.role !== 'super_admin' && (await withinReach(c, grantOf(row)))) ||
    isSuperAdmin(actor)
  );
}

async function openByToken(c: Ctx, token: string): Promise<InvitationRow> {
  const row = await invitationByToken(c.get('db'), token);
  if (!row) fail(404, 'There is no invitation with this link');
  if (!isOpen(row, c.get('options').now())) fail(410, DEAD_LINK);
  return row;
}

export const invitationRoutes = resourceRouter(
  endpoint(createRoute, async (c) => {
    const body = c.req.valid('json');
    const membership = asMembership(body);
    const now = c.get('options').now();
    const actor = currentUser(c);
    let answer: { id: string; link: string; expires_at: string } | undefined;
    // Not writeTransaction: its Idempotency-Key record would keep the answer, and the link with it.
    await inTransaction(c, async () => {
      const db = c.get('db');
      await assertMayGrant(c, membership);
      const created = await createInvitation(
        db,
        { email: body.email, ...membership, invited_by: actor.id },
        now,
      );
      const link = `${c.get('options').publicUrl}/invite/${created.token}`;
      const row = (await invitationById(db, created.id)) as InvitationRow;
      if (c.get('options').mailEnabled) {
        c.set('mailQueued', true);
        await queueMail(
          db,
          c.get('options').jwtSecret,
          {
            kind: 'invitation',
            refId: created.id,
            to: body.email,
            ...invitationMail({
              leagueName: row.league_name ?? row.team_league_name ?? 'Touchline',
              inviterName: actor.name,
              roleLabel: roleLabel(row),
              scopeName: row.team_name ?? row.league_name ?? '',
              link,
              expiresAt: created.expiresAt,
            }),
          },
          now,
        );
      }
      securityEvent(c, 'people.invited', { invitation: created.id, role: membership.role }, 'warn');
      await audit(c, {
        action: 'people.invite',
        entity: 'invitation',
        entityId: created.id,
        after: { email: body.email, ...membership },
      });
      answer = { id: created.id, link, expires_at: created.expiresAt };
    });
    if (!answer) fail(409, 'The invitation was not made; please try again');
    return c.json(
      {
        ...answer,
        email_status: c.get('options').mailEnabled ? ('queued' as const) : ('not_configured' as const),
      },
      201,
    );
  }),

  endpoint(listRoute, async (c) => {
    const query = c.req.valid('query');
    const db = c.get('db');
    const actor = currentUser(c);
    const now = c.get('options').now();
    if (query.team_id !== undefined) {
      const league = await leagueOfTeam(db, query.team_id);
      if (league === undefined) fail(404, 'Team not found');
      const leagues = administeredLeagues(actor);
      if (
        !coachesTeam(actor, query.team_id) &&
        !(leagues === 'all' || (league !== null && leagues.includes(league)))
      ) {
        fail(403, 'Only this team’s coach or owner, or an admin of its league, may see its invitations');
      }
      return jsonRead(
        c,
        { invitations: await listed(c, await openInvitations(db, { teamId: query.team_id }, now)) },
        CACHE.noStore,
      );
    }
    if (query.league_id !== undefined) {
      const leagues = administeredLeagues(actor);
      if (!(leagues === 'all' || leagues.includes(query.league_id))) {
        fail(403, 'Only an admin of this league may see its invitations');
      }
      return jsonRead(
        c,
        { invitations: await listed(c, await openInvitations(db, { leagueId: query.league_id }, now)) },
        CACHE.noStore,
      );
    }
    if (!isSuperAdmin(actor)) fail(400, 'Give team_id or league_id');
    return jsonRead(c, { invitations: await listed(c, await openInvitations(db, {}, now)) }, CACHE.noStore);
  }),

  endpoint(revokeRoute, async (c) => {
    const db = c.get('db');
    const row = await invitationById(db, c.req.valid('param').id);
    if (!row) fail(404, 'Invitation not found');
    if (!(await mayHandle(c, row))) fail(403, 'You cannot withdraw this invitation');
    if (!(await revokeInvitation(db, row.id, c.get('options').now()))) {
      fail(409, 'This invitation was already accepted or withdrawn');
    }
    securityEvent(c, 'people.invitation_withdrawn', { invitation: row.id }, 'warn');
    await audit(c, {
      action: 'people.invite_revoke',
      entity: 'invitation',
      entityId: row.id,
      before: { email: row.email, role: row.role },
    });
    return c.json({ detail: 'Invitation withdrawn' }, 200);
  }),

  endpoint(viewRoute, async (c) => {
    const row = await openByToken(c, c.req.valid('param').token);
    return jsonRead(
      c,
      {
        email: row.email,
        role: row.role,
        role_label: roleLabel(row),
        league_id: row.league_id ?? row.team_league_id,
        league_name: row.league_name ?? row.team_league_name,
        team_id: row.team_id,
        team_name: row.team_name,
        player_name: row.player_name,
        invited_by: row.invited_by_name,
        expires_at: row.expires_at,
        account_exists: await emailTaken(c.get('db'), row.email),
      },
      CACHE.noStore,
    );
  }),

  endpoint(acceptRoute, async (c) => {
    await limitByAddress(c, 'accept-invitation');
    const { token } = c.req.valid('param');
    const body = c.req.valid('json') ?? {};
    const options = c.get('options');
    const now = options.now();
    const signedIn = (await bearerUser(c))?.user.id ?? null;
    const password =
      body.password === undefined ? undefined : await hashPassword(body.password, options.passwordCost);
    let userId = signedIn;
    let accepted: string | null = null;
    let status: 200 | 201 = 200;
    await inTransaction(c, async () => {
      const db = c.get('db');
      const row = await openByToken(c, token);
      if (userId === null) {
        if (await emailTaken(db, row.email)) {
          fail(409, 'An account with this e-mail address already exists: sign in, then open the link again');
        }
        if (body.name === undefined) fail(400, "Invalid field 'name': is required");
        if (password === undefined) fail(400, "Invalid field 'password': is required");
        userId = await uniqueId(db, body.name);
        await insertUser(db, {
          id: userId,
          name: body.name,
          email: row.email,
          user_type: 'fan',
          team_id: null,
          password_hash: password ?? LOCKED_PASSWORD_HASH,
          created_at: now.toISOString(),
        });
        status = 201;
      }
      if (!(await markAccepted(db, row.id, userId, now))) fail(410, DEAD_LINK);
      await addMembership(db, userId, grantOf(row));
      await audit(
        c,
        { action: 'people.accept', entity: 'invitation', entityId: row.id, after: grantOf(row) },
        userId,
      );
      accepted = userId;
      securityEvent(
        c,
        'people.invitation_accepted',
        { invitation: row.id, user: userId, role: row.role },
        'warn',
      );
    });
    if (accepted === null) fail(410, DEAD_LINK);
    return c.json(await issueSession(c, accepted), status);
  }),
);
