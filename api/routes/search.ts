/** The search panel's one call: players, teams and leagues by name. */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { searchByName, type SearchResult } from '../data/search';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { validate } from '../http/validate';
import { jsonRead } from '../http/read';

export const MIN_TERM_LENGTH = 2;
export const MAX_TERM_LENGTH = 100;

const searchQuery = z.object({
  term: z.string({
    // An array means the key was repeated (?term=a&term=b).
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be given once'),
  }),
});

export const searchRoutes = new Hono<AppEnv>().get('/search', validate('query', searchQuery), async (c) => {
  const term = c.req.valid('query').term.trim();
  // Code points, not UTF-16 units: an emoji or an accented letter is one character to the user.
  const length = Array.from(term).length;
  if (length < MIN_TERM_LENGTH) fail(400, `Search term must be at least ${MIN_TERM_LENGTH} characters`);
  if (length > MAX_TERM_LENGTH) fail(400, `Search term must be at most ${MAX_TERM_LENGTH} characters`);
  const results = await searchByName(c.get('db'), term);
  return jsonRead(c, { results } satisfies { results: SearchResult[] }, CACHE.revalidate);
});
