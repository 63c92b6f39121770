/** /api/search: the search panel's one call, players, teams and leagues by name. */
import { z } from 'zod';
import { searchByName, type SearchResult } from '../data/search';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, read, readAnswer, resourceRouter } from '../http/contract';
import { jsonRead } from '../http/read';
import { SearchResultSchema } from '../schemas';

export const MIN_TERM_LENGTH = 2;
export const MAX_TERM_LENGTH = 100;

const searchQuery = z.object({
  term: z
    .string({
      // An array means the key was repeated (?term=a&term=b).
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be given once'),
    })
    // Checked by the handler after trimming, in code points: documented here.
    .meta({
      description: `${MIN_TERM_LENGTH} to ${MAX_TERM_LENGTH} characters`,
      minLength: MIN_TERM_LENGTH,
      maxLength: MAX_TERM_LENGTH,
    }),
});

const search = read({
  path: '/search',
  operationId: 'search',
  tags: ['search'],
  summary: 'Search by name',
  description:
    'Players, teams and leagues whose name contains the term; exact and prefix matches first; at most 20. ' +
    'A client gets 30 new searches per 10 seconds (429 with Retry-After past that)',
  caching: { tables: 'search' },
  request: { query: searchQuery },
  responses: {
    200: readAnswer(z.strictObject({ results: z.array(SearchResultSchema) })),
    ...errors(400, { 429: 'Too many new searches' }),
  },
});

export const searchRoutes = resourceRouter(
  endpoint(search, async (c) => {
    const term = c.req.valid('query').term.trim();
    // Code points, not UTF-16 units: an emoji or an accented letter is one character to the user.
    const length = Array.from(term).length;
    if (length < MIN_TERM_LENGTH) fail(400, `Search term must be at least ${MIN_TERM_LENGTH} characters`);
    if (length > MAX_TERM_LENGTH) fail(400, `Search term must be at most ${MAX_TERM_LENGTH} characters`);
    const results = await searchByName(c.get('db'), term);
    return jsonRead(c, { results } satisfies { results: SearchResult[] }, CACHE.revalidate);
  }),
);
