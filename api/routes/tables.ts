/**
 * /api/tables: the super admin's raw table editor. List, schema, relations, paged data,
 * and insert, update and delete of rows. Every name is resolved against the editor's
 * list of tables and columns and the live schema before any SQL is built, and every
 * value is bound (see data/admin-tables): a table or column not on the list is
 * unreachable (404, or neither shown nor written), the audit log is read-only, and
 * password hashes are neither shown nor written. Every answer is no-store: raw rows (emails, audit entries) must not
 * linger in the service worker's or any shared cache.
 */
import { z } from 'zod';
import type { DB } from '../../db/connection';
import { currentUser, requireSuperAdmin } from '../auth/middleware';
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
  type Row,
  type Value,
} from '../data/admin-tables';
import { followEditedUser } from '../data/memberships';
import { revokeUserSessions } from '../data/sessions';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { jsonRead } from '../http/read';
import { idParam, positiveIntParam } from '../http/validate';
import { audit } from '../http/write';
import { DetailSchema } from '../schemas';

const MAX_PAGE = 1_000_000;

const table = z.string().meta({ description: 'a table of GET /api/tables' });
const tableParams = z.object({ table });
const rowParams = z.object({ table, id: idParam.meta({ description: 'the row’s primary key' }) });
const pageQuery = z.object({
  page: positiveIntParam(MAX_PAGE)
    .optional()
    .meta({ description: 'page number', type: 'integer', minimum: 1, maximum: MAX_PAGE }),
});
// z.custom hands the parsed object through untouched: a copying schema (z.record)
// would turn a "__proto__" key into a prototype instead of an unknown column.
const rowBody = z
  .custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'must be a JSON object of column values',
  )
  .meta({ type: 'object', description: 'column values' });
const rowBodyRequest = jsonBody(rowBody);

/**
 * A column's value, text or a number, or null. Its document schema is spelled out: the
 * generator would fold the nulls into an untyped `{ nullable: true }` member.
 */
const ColumnValue = z.union([z.string().nullable(), z.number().nullable()]).meta({
  anyOf: [
    { type: 'string', nullable: true },
    { type: 'number', nullable: true },
  ],
});
const RowSchema = z
  .record(z.string(), ColumnValue)
  .describe('the row, by column (password hashes are never shown)');

const SUPER_ADMIN_ONLY = 'Not a super admin';
const FORBIDDEN_WRITE = 'Not a super admin, or the table is read-only';

/** A users row as the editor returns it, for followEditedUser. */
function userRow(row: Row): { id: string; user_type: string; team_id: string | null } {
  return {
    id: String(row.id),
    user_type: String(row.user_type),
    team_id: row.team_id === null ? null : String(row.team_id),
  };
}

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

/**
 * Runs a write, answering a constraint failure with its reason instead of a 500: 400 for
 * a value the column does not take, 409 for one that clashes with other rows.
 */
async function guarded<T>(
  db: DB,
  table: AdminTable,
  written: Map<string, Value> | 'delete',
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const answer = await describeConflict(db, table, error, written);
    if (answer === null) throw error;
    fail(answer.status, answer.detail);
  }
}

const listAdminTables = read({
  path: '/tables',
  operationId: 'listAdminTables',
  tags: ['admin'],
  summary: 'Tables the editor may show',
  description: 'super_admin; no-store',
  signedIn: true,
  guard: [requireSuperAdmin],
  responses: {
    200: readAnswer(z.strictObject({ tables: z.array(z.string()) })),
    ...errors(401, { 403: SUPER_ADMIN_ONLY }),
  },
});

const getAdminTableSchema = read({
  path: '/tables/{table}/schema',
  operationId: 'getAdminTableSchema',
  tags: ['admin'],
  summary: "A table's columns and primary key",
  description: 'super_admin; no-store',
  signedIn: true,
  guard: [requireSuperAdmin],
  request: { params: tableParams },
  responses: {
    200: readAnswer(
      z.strictObject({
        table: z.string(),
        read_only: z.boolean(),
        columns: z.array(
          z.strictObject({
            name: z.string(),
            type: z.string(),
            nullable: z.boolean(),
            primary_key: z.boolean(),
            has_default: z.boolean(),
          }),
        ),
        primary_key: z.strictObject({ constrained_columns: z.array(z.string()) }),
      }),
    ),
    ...errors(401, { 403: SUPER_ADMIN_ONLY, 404: 'Unknown table' }),
  },
});

const getAdminTableRelations = read({
  path: '/tables/{table}/relations',
  operationId: 'getAdminTableRelations',
  tags: ['admin'],
  summary: "A table's foreign keys",
  description: 'super_admin; no-store',
  signedIn: true,
  guard: [requireSuperAdmin],
  request: { params: tableParams },
  responses: {
    200: readAnswer(
      z.array(
        z.strictObject({ column_name: z.string(), foreign_table: z.string(), foreign_column: z.string() }),
      ),
    ),
    ...errors(401, { 403: SUPER_ADMIN_ONLY, 404: 'Unknown table' }),
  },
});

const getAdminTableData = read({
  path: '/tables/{table}/data',
  operationId: 'getAdminTableData',
  tags: ['admin'],
  summary: 'A page of rows',
  description: 'super_admin; 25 rows a page, pages from 1, in key order; no-store',
  signedIn: true,
  guard: [requireSuperAdmin],
  request: { params: tableParams, query: pageQuery },
  responses: {
    200: readAnswer(
      z.strictObject({
        columns: z.array(z.string()),
        rows: z.array(RowSchema),
        page: z.number().int(),
        page_size: z.number().int(),
        total_pages: z.number().int(),
        total_rows: z.number().int(),
      }),
    ),
    ...errors(400, 401, { 403: SUPER_ADMIN_ONLY, 404: 'Unknown table' }),
  },
});

const insertAdminRow = write({
  method: 'post',
  path: '/tables/{table}/rows',
  operationId: 'insertAdminRow',
  tags: ['admin'],
  summary: 'Insert a row',
  description: 'super_admin; an empty field leaves a column with a default to it',
  guard: [requireSuperAdmin],
  request: { params: tableParams, body: rowBodyRequest },
  responses: {
    201: json(RowSchema, 'The row as stored'),
    ...errors({
      403: FORBIDDEN_WRITE,
      404: 'Unknown table',
      409: 'A constraint refused the row; the detail says which',
    }),
  },
});

const updateAdminRow = write({
  method: 'put',
  path: '/tables/{table}/rows/{id}',
  operationId: 'updateAdminRow',
  tags: ['admin'],
  summary: 'Update a row',
  description:
    "super_admin: every field but the key. Changing a user's role or team ends their sessions; your own " +
    'user_type cannot be changed (409)',
  guard: [requireSuperAdmin],
  request: { params: rowParams, body: rowBodyRequest },
  responses: {
    200: json(RowSchema, 'The row as stored'),
    ...errors({
      403: FORBIDDEN_WRITE,
      404: 'Unknown table or row',
      409: 'A constraint refused the change, or it is your own user_type',
    }),
  },
});

const deleteAdminRow = write({
  method: 'delete',
  path: '/tables/{table}/rows/{id}',
  operationId: 'deleteAdminRow',
  tags: ['admin'],
  summary: 'Delete a row',
  description: 'super_admin; your own account cannot be deleted (409)',
  guard: [requireSuperAdmin],
  request: { params: rowParams },
  responses: {
    200: json(DetailSchema, 'Deleted'),
    ...errors({
      403: FORBIDDEN_WRITE,
      404: 'Unknown table or row',
      409: 'A constraint refused it, or it is your own account',
    }),
  },
});

export const tableRoutes = resourceRouter(
  endpoint(listAdminTables, async (c) =>
    jsonRead(c, { tables: await adminTableNames(c.get('db')) }, CACHE.noStore),
  ),
  endpoint(getAdminTableSchema, async (c) => {
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
  }),
  endpoint(getAdminTableRelations, async (c) => {
    const table = await tableNamed(c.get('db'), c.req.valid('param').table);
    return jsonRead(c, await relationsOf(c.get('db'), table), CACHE.noStore);
  }),
  endpoint(getAdminTableData, async (c) => {
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
  }),
  endpoint(insertAdminRow, async (c) => {
    const db = c.get('db');
    const table = await tableNamed(db, c.req.valid('param').table);
    assertWritable(table);
    const plan = planWrite(table, c.req.valid('json'), 'insert');
    if (!plan.ok) fail(400, plan.detail);
    const key = await guarded(db, table, plan.values, () => insertRow(db, table, plan.values));
    const row = await rowOf(db, table, key);
    if (table.name === 'users') await followEditedUser(db, userRow(row));
    await audit(c, { action: 'admin.insert', entity: table.name, entityId: key, after: row });
    return c.json(row, 201);
  }),
  endpoint(updateAdminRow, async (c) => {
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
      await followEditedUser(db, userRow(after));
      await revokeUserSessions(db, String(key), c.get('options').now());
    }
    await audit(c, { action: 'admin.update', entity: table.name, entityId: key, before, after });
    return c.json(after, 200);
  }),
  endpoint(deleteAdminRow, async (c) => {
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
  }),
);
