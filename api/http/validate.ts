/**
 * Validation at the edge: zod schemas for query strings, path parameters and JSON
 * bodies, and the words of the 400 answers whose detail names the offending field (the
 * routes' declarations validate with them: api/http/contract.ts).
 */
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { hasControlCharacter } from '../../db/rules/text';

const NOUN: Partial<Record<keyof ValidationTargets, string>> = {
  query: 'query parameter',
  param: 'path parameter',
  json: 'field',
};

/** Describes the first problem of a failed parse, naming the field. */
export function describeIssue(
  target: keyof ValidationTargets,
  error: { issues: readonly z.core.$ZodIssue[] },
): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  const noun = NOUN[target] ?? target;
  if (issue.code === 'unrecognized_keys') {
    return `Unknown ${noun}${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
  }
  const message = plainMessage(target, issue);
  if (field === '') return `Invalid ${target}: ${message}`;
  return `Invalid ${noun} '${field}': ${message}`;
}

const KIND: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/**
 * Zod's own wording of a value of the wrong type ("Invalid input: expected string,
 * received undefined") said in the API's words: a missing value "is required", a query
 * parameter given twice "must be given once", any other "must be text" (or a number, a
 * list…). A message a schema wrote itself is kept as it is.
 */
function plainMessage(target: keyof ValidationTargets, issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const received = /^Invalid input: expected \w+, received (\w+)$/.exec(issue.message)?.[1];
  if (received === undefined) return issue.message;
  if (received === 'undefined') return 'is required';
  if (target === 'query' && received === 'array') return 'must be given once';
  return `must be ${KIND[issue.expected] ?? issue.expected}`;
}

/** Query values arrive as strings; a repeated key (?a=1&a=2) is refused rather than guessed. */
const single = z.string({ error: 'must be given once' });

export const seasonParam = single.regex(/^\d{4}$/, 'must be a four-digit year such as 2026');
/** A positive whole number in a query string, at most `max`. */
export function positiveIntParam(max: number) {
  return single
    .regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));
}
export const limitParam = positiveIntParam(1000);
export const booleanParam = single
  .regex(/^(true|false|1|0)$/i, "must be 'true' or 'false'")
  .transform((value) => value.toLowerCase() === 'true' || value === '1');
export const approvedParam = single
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['PENDING', 'TRUE', 'FALSE', ''], { error: 'must be one of PENDING, TRUE, FALSE or empty' }));
export const sortParam = single
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['asc', 'desc'], { error: "must be 'asc' or 'desc'" }));

/** Ids in paths: bounded and printable; the database decides whether they exist. */
export const idParam = z
  .string()
  .min(1, 'is required')
  .max(200, 'is too long')
  .refine((value) => !hasControlCharacter(value), 'contains control characters');
/** The largest row id either engine stores (PostgreSQL's INTEGER keys are 32-bit). */
export const MAX_ROW_ID = 2_147_483_647;
/** A numeric row id in a path: a positive whole number up to MAX_ROW_ID. */
export const rowIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().max(MAX_ROW_ID, `must be at most ${MAX_ROW_ID}`));
export const matchIdParam = rowIdParam;

// The league-id rule is the domain's, shared with the app; routes read it here beside idParam.
export { leagueIdFrom } from '../domain/league-id';

/** An e-mail address as accounts keep it: trimmed and lower-cased. */
export const emailField = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(320, 'is too long')
  .pipe(z.email('must be an email address'))
  .meta({ format: 'email' });
