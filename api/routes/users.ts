/**
 * /api/users: the People screen. A super admin sees everyone; a league admin the people
 * with a membership in their leagues. Memberships, locks, sessions and reset links; every
 * change is in the audit log, and one that takes a right away ends that user's sessions.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { currentUser, requireLeagueAdminAnywhere } from '../auth/middleware';
import { administeredLeagues, isSuperAdmin, type Membership } from '../../db/rules/rights';
import { replaceMemberships } from '../data/memberships';
import { createPasswordReset } from '../data/password-resets';
import { findPerson, listPeople, setLocked, type Person } from '../data/people';
import { revokeUserSessions } from '../data/sessions';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { securityEvent } from '../log';
import { CACHE } from '../http/cache';
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
import {
  asMembership,
  assertMayGrant,
  assertMayManageAccount,
  membershipInput,
  withinReach,
} from '../http/people';
import { jsonRead } from '../http/read';
import { idParam, positiveIntParam } from '../http/validate';
import { audit, inTransaction } from '../http/write';
import { DetailSchema, MembershipSchema, publicMembership } from '../schemas';

type Ctx = Context<AppEnv>;

const PersonSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    memberships: z.array(MembershipSchema),
    locked: z.boolean().describe('locked by an administrator: cannot sign in'),
  })
  .meta({ id: 'Person' });

const userPath = z.object({ id: idParam.meta({ description: 'user id' }) });
const NOT_FOUND = 'No such person among those you run';
const MANAGE_ERRORS = errors({
  403: 'Not an admin, or the account holds rights outside your leagues',
  404: NOT_FOUND,
});

const listRoute = read({
  path: '/users',
  operationId: 'listUsers',
  tags: ['people'],
  summary: 'People',
  description:
    'A super admin: everyone; a league admin: people with a membership in their leagues or on their ' +
    'teams. q matches name or e-mail, any case; 20 a page, by name. no-store',
  signedIn: true,
  guard: [requireLeagueAdminAnywhere],
  request: {
    query: z.object({
      q: z.string().max(200, 'is too long').optional().meta({ description: 'part of a name or e-mail' }),
      page: positiveIntParam(100_000).optional().meta({ description: 'from 1' }),
    }),
  },
  responses: {
    200: readAnswer(z.strictObject({ users: z.array(PersonSchema), total_pages: z.number().int() })),
    ...errors(400, 401, { 403: 'Not an admin' }),
  },
});

const membershipsRoute = write({
  method: 'put',
  path: '/users/{id}/memberships',
  operationId: 'replaceUserMemberships',
  tags: ['people'],
  summary: "Set someone's memberships",
  description:
    'The whole list as it should be. A league admin changes only memberships in their leagues; the ' +
    'others stay as they are. A right taken away ends the user’s sessions. Nobody removes their own ' +
    'super admin right',
  guard: [requireLeagueAdminAnywhere],
  request: {
    params: userPath,
    body: jsonBody(z.strictObject({ memberships: z.array(membershipInput).max(50, 'at most 50') })),
  },
  responses: {
    200: json(PersonSchema, 'The person as they are now'),
    ...MANAGE_ERRORS,
    ...errors({ 409: 'Would remove your own super admin right' }),
  },
});

const resetLinkRoute = action({
  method: 'post',
  path: '/users/{id}/reset-link',
  operationId: 'createResetLink',
  tags: ['people'],
  summary: 'Make a password-reset link',
  description:
    'Single use, valid for one hour; earlier links stop working. To hand to the person yourself (it is ' +
    'not e-mailed)',
  signedIn: true,
  guard: [requireLeagueAdminAnywhere],
  request: { params: userPath },
  responses: {
    200: json(
      z.strictObject({ link: z.string(), expires_at: z.string() }).meta({ id: 'ResetLink' }),
      'The link',
    ),
    ...errors(400, 401),
    ...MANAGE_ERRORS,
  },
});

const signOutRoute = write({
  method: 'post',
  path: '/users/{id}/sign-out',
  operationId: 'signOutUser',
  tags: ['people'],
  summary: 'Sign someone out everywhere',
  guard: [requireLeagueAdminAnywhere],
  request: { params: userPath },
  responses: { 200: json(DetailSchema, 'Signed out'), ...MANAGE_ERRORS },
});

const lockRoute = write({
  method: 'put',
  path: '/users/{id}/lock',
  operationId: 'lockUser',
  tags: ['people'],
  summary: 'Lock or unlock an account',
  description: 'A locked account cannot sign in, and locking ends its sessions. Nobody locks themselves',
  guard: [requireLeagueAdminAnywhere],
  request: {
    params: userPath,
    body: jsonBody(z.strictObject({ locked: z.boolean({ error: 'must be true or false' }) })),
  },
  responses: {
    200: json(PersonSchema, 'The person as they are now'),
    ...MANAGE_ERRORS,
    ...errors({ 409: 'Your own account' }),
  },
});

const personDto = (person: Person) => ({ ...person, memberships: person.memberships.map(publicMembership) });

/** The person, if the caller may see them: 404 otherwise, so a league admin learns nothing of others. */
async function visiblePerson(c: Ctx, id: string): Promise<Person> {
  const person = await findPerson(c.get('db'), id);
  if (!person) fail(404, NOT_FOUND);
  if (isSuperAdmin(currentUser(c))) return person;
  for (const m of person.memberships) if (await withinReach(c, m)) return person;
  fail(404, NOT_FOUND);
}

const sameMembership = (a: Membership, b: Membership) =>
  a.role === b.role && a.league_id === b.league_id && a.team_id === b.team_id && a.player_id === b.player_id;

export const userRoutes = resourceRouter(
  endpoint(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listPeople(c.get('db'), {
      q: query.q?.trim() ?? '',
      page: query.page ?? 1,
      leagues: administeredLeagues(currentUser(c)),
    });
    return jsonRead(c, { users: page.users.map(personDto), total_pages: page.total_pages }, CACHE.noStore);
  }),

  endpoint(membershipsRoute, async (c) => {
    const db = c.get('db');
    const actor = currentUser(c);
    const person = await visiblePerson(c, c.req.valid('param').id);
    const given = c.req.valid('json').memberships.map(asMembership);
    // What the caller cannot reach stays as it is; what they can is replaced by the list.
    const kept: Membership[] = [];
    for (const m of person.memberships) if (!(await withinReach(c, m))) kept.push(m);
    const wanted: Membership[] = [...kept];
    for (const m of given) {
      if (wanted.some((w) => w.role === m.role && w.league_id === m.league_id && w.team_id === m.team_id))
        continue;
      if (!person.memberships.some((old) => sameMembership(old, m))) await assertMayGrant(c, m);
      else if (!(await withinReach(c, m))) continue;
      wanted.push(m);
    }
    if (person.id === actor.id && isSuperAdmin(actor) && !wanted.some((m) => m.role === 'super_admin')) {
      fail(409, 'You cannot remove your own super admin right: ask another super admin');
    }
    const { before, removed } = await replaceMemberships(db, person.id, wanted);
    securityEvent(c, 'people.memberships_changed', { target: person.id, removed: removed.length }, 'warn');
    if (removed.length > 0) await revokeUserSessions(db, person.id, c.get('options').now());
    await audit(c, {
      action: 'people.memberships',
      entity: 'user',
      entityId: person.id,
      before: before.map(publicMembership),
      after: wanted.map(publicMembership),
    });
    return c.json(personDto((await findPerson(db, person.id)) as Person), 200);
  }),

  endpoint(resetLinkRoute, async (c) => {
    let answer: { link: string; expires_at: string } | undefined;
    // Not writeTransaction: its Idempotency-Key record would keep the answer, and the link with it.
    await inTransaction(c, async () => {
      const person = await visiblePerson(c, c.req.valid('param').id);
      await assertMayManageAccount(c, person);
      const reset = await createPasswordReset(c.get('db'), person.id, c.get('options').now());
      await audit(c, { action: 'people.reset_link', entity: 'user', entityId: person.id });
      securityEvent(c, 'people.reset_link', { target: person.id }, 'warn');
      answer = {
        link: `${c.get('options').publicUrl}/reset-password?token=${reset.token}`,
        expires_at: reset.expiresAt,
      };
    });
    if (!answer) fail(409, 'The link was not made; please try again');
    return c.json(answer, 200);
  }),

  endpoint(signOutRoute, async (c) => {
    const person = await visiblePerson(c, c.req.valid('param').id);
    await assertMayManageAccount(c, person);
    await revokeUserSessions(c.get('db'), person.id, c.get('options').now());
    await audit(c, { action: 'people.sign_out', entity: 'user', entityId: person.id });
    securityEvent(c, 'people.signed_out', { target: person.id }, 'warn');
    return c.json({ detail: `${person.name} is signed out everywhere` }, 200);
  }),

  endpoint(lockRoute, async (c) => {
    const db = c.get('db');
    const person = await visiblePerson(c, c.req.valid('param').id);
    const { locked } = c.req.valid('json');
    if (person.id === currentUser(c).id) fail(409, 'You cannot lock your own account');
    await assertMayManageAccount(c, person);
    const now = c.get('options').now();
    await setLocked(db, person.id, locked, now);
    if (locked) await revokeUserSessions(db, person.id, now);
    securityEvent(c, locked ? 'people.locked' : 'people.unlocked', { target: person.id }, 'warn');
    await audit(c, {
      action: locked ? 'people.lock' : 'people.unlock',
      entity: 'user',
      entityId: person.id,
      before: { locked: person.locked },
      after: { locked },
    });
    return c.json(personDto((await findPerson(db, person.id)) as Person), 200);
  }),
);
