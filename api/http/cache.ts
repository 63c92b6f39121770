/** Cache-Control values of the API's reads. */
export const CACHE = {
  /** The leagues list (spec section 7: max-age 300 seconds). */
  leagues: 'public, max-age=300',
  /** Everything else: cache, but revalidate with the ETag every time. */
  revalidate: 'no-cache',
  /** Answers behind a session (admin tables, the signed-in user): never stored. */
  noStore: 'no-store',
  /** Images never change under one name for long; a day, then revalidate. */
  images: 'public, max-age=86400, stale-while-revalidate=604800',
} as const;
