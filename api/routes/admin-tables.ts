/**
 * The super admin's raw table editor (spec §2 "Admin dashboard", §7 table calls):
 * list, schema, relations, paged data, and insert, update and delete of rows.
 * Every name is resolved against the live schema before any SQL is built and every
 * value is bound (see data/admin-tables); internal tables are unreachable, the audit
 * log is read-only, and password hashes are neither shown nor written.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { DB } from '../../db/connection';
import type { AppEnv } from '../env';
import { currentUser, requireRoles, requireUser } from '../auth/middleware';
import { revokeUserSessions } from '../data/sessions';
import {
  adminTableNames,
  countRows,
  deleteRow,
  describeConflict,
  findAdminTable,
  findRow,
  insertRow,
  isNullable,
  pageOfRows,
  PAGE_SIZE,
  parseKey,
  planWrite,
  relationsOf,
  updateRow,
  type AdminTable,
  type Key,
  type Value,
} from '../data/admin-tables';
import { fail } from '../errors';
import { idParam, positiveIntParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import { CACHE } from '../http/cache';
import { jsonRead } from '../http/read';

/** Raw rows (emails, audit entries) must not linger in the service worker's or any shared cache. */
const MAX_PAGE = 1_000_000;

const tableParam = validate('param', z.object({ table: z.string() }));
const rowParam = validate('param', z.object({ table: z.string(), id: idParam }));
const pageQuery = validate(
  'query',
  z.object({
    page: positiveIntParam(MAX_PAGE).optional(),
  }),
);
// z.custom hands the parsed object through untouched: a copying schema (z.record)
// would turn a "__proto__" key into a prototype instead of an unknown column.
const rowBody = validate(
  'json',
  z.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'must be a JSON object of column values',
  ),
);

const superAdmin = requireRoles('super_admin');

async function tableNamed(db: DB, name: string): Promise<AdminTable> {
  const table = await findAdminTable(db, name);
  if (!table) fail(404, 'Table not found');
  return table;
}

function assertWritable(table: AdminTable): void {
  if (table.readOnly) fail(403, `${table.name} is read-only`);
}

function keyOf(table: AdminTable, raw: string): Key {
  const key = parseKey(table, raw);
  if (key === undefined) fail(400, "Invalid path parameter 'id': must be a whole number");
  return key;
}

async function rowOf(db: DB, table: AdminTable, key: Key) {
  const row = await findRow(db, table, key);
  if (!row) fail(404, 'Row not found');
  return row;
}

/** Runs a write, answering a constraint failure with 409 and its reason instead of a 500. */
async function guarded<T>(
  db: DB,
  table: AdminTable,
  written: Map<string, Value> | 'delete',
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const detail = await describeConflict(db, table, error, written);
    if (detail === null) throw error;
    fail(409, detail);
  }
}

export const adminTableRoutes = new Hono<AppEnv>()
  .get('/tables', requireUser, superAdmin, async (c) =>
    jsonRead(c, { tables: await adminTableNames(c.get('db')) }, CACHE.noStore),
  )
  .get('/tables/:table/schema', requireUser, superAdmin, tableParam, async (c) => {
    const table = await tableNamed(c.get('db'), c.req.valid('param').table);
    return jsonRead(
      c,
      {
        table: table.name,
        read_only: table.readOnly,
        columns: table.columns.map((column) => ({
          name: column.name,
          type: column.type,
          nullable: isNullable(column),
          primary_key: column.primaryKey,
          has_default: column.hasDefault,
        })),
        primary_key: { constrained_columns: [table.key.name] },
      },
      CACHE.noStore,
    );
  })
  .get('/tables/:table/relations', requireUser, superAdmin, tableParam, async (c) => {
    const table = await tableNamed(c.get('db'), c.req.valid('param').table);
    return jsonRead(c, await relationsOf(c.get('db'), table), CACHE.noStore);
  })
  .get('/tables/:table/data', requireUser, superAdmin, tableParam, pageQuery, async (c) => {
    const db = c.get('db');
    const table = await tableNamed(db, c.req.valid('param').table);
    const page = c.req.valid('query').page ?? 1;
    const totalRows = await countRows(db, table);
    return jsonRead(
      c,
      {
        columns: table.columns.map((column) => column.name),
        rows: await pageOfRows(db, table, page),
        page,
        page_size: PAGE_SIZE,
        total_pages: Math.max(1, Math.ceil(totalRows / PAGE_SIZE)),
        total_rows: totalRows,
      },
      CACHE.noStore,
    );
  })
  .post('/tables/:table/rows', requireUser, superAdmin, writeTransaction, tableParam, rowBody, async (c) => {
    const db = c.get('db');
    const table = await tableNamed(db, c.req.valid('param').table);
    assertWritable(table);
    const plan = planWrite(table, c.req.valid('json'), 'insert');
    if (!plan.ok) fail(400, plan.detail);
    const key = await guarded(db, table, plan.values, () => insertRow(db, table, plan.values));
    const row = await rowOf(db, table, key);
    await audit(c, { action: 'admin.insert', entity: table.name, entityId: key, after: row });
    return c.json(row, 201);
  })
  .put('/tables/:table/rows/:id', requireUser, superAdmin, writeTransaction, rowParam, rowBody, async (c) => {
    const db = c.get('db');
    const param = c.req.valid('param');
    const table = await tableNamed(db, param.table);
    assertWritable(table);
    const key = keyOf(table, param.id);
    const plan = planWrite(table, c.req.valid('json'), 'update');
    if (!plan.ok) fail(400, plan.detail);
    const before = await rowOf(db, table, key);
    const me = currentUser(c);
    const isUsers = table.name === 'users';
    // A super admin demoting themselves could leave the league with nobody to run it.
    if (
      isUsers &&
      key === me.id &&
      plan.values.has('user_type') &&
      plan.values.get('user_type') !== me.user_type
    ) {
      fail(409, 'You cannot change your own user_type');
    }
    await guarded(db, table, plan.values, () => updateRow(db, table, key, plan.values));
    const after = await rowOf(db, table, key);
    // The client keeps user_type and team_id from sign-in (userData); ending the user's
    // sessions makes it sign in again and see the new role or team, not act on the old.
    if (isUsers && (before.user_type !== after.user_type || before.team_id !== after.team_id)) {
      await revokeUserSessions(db, String(key), c.get('options').now());
    }
    await audit(c, { action: 'admin.update', entity: table.name, entityId: key, before, after });
    return c.json(after, 200);
  })
  .delete('/tables/:table/rows/:id', requireUser, superAdmin, writeTransaction, rowParam, async (c) => {
    const db = c.get('db');
    const param = c.req.valid('param');
    const table = await tableNamed(db, param.table);
    assertWritable(table);
    const key = keyOf(table, param.id);
    const before = await rowOf(db, table, key);
    if (table.name === 'users') {
      // The audit entry below names the acting user; deleting them would also orphan it.
      if (key === currentUser(c).id) fail(409, 'You cannot delete your own account');
      // Sessions cascade with the user; revoking first keeps the rule explicit.
      await revokeUserSessions(db, String(key), c.get('options').now());
    }
    await guarded(db, table, 'delete', () => deleteRow(db, table, key));
    await audit(c, { action: 'admin.delete', entity: table.name, entityId: key, before });
    return c.json({ detail: 'Row deleted' }, 200);
  });
