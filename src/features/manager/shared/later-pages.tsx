/**
 * A list read a page at a time: the first page comes from the screen's own read, the
 * later ones on request ("Show more"), kept for the first page they continue so that a
 * reload of it (or a new filter) starts the list again.
 */
import { useState } from 'react';
import { ErrorMessage } from '@/components/status';

interface Page {
  matches: readonly unknown[];
  next_cursor?: string | null;
}

interface LaterPages<P extends Page> {
  after: P;
  matches: P['matches'][number][];
  next: string | null;
  state: 'idle' | 'loading' | 'failed';
}

export function useLaterPages<P extends Page>(first: P | undefined, load: (cursor: string) => Promise<P>) {
  const [later, setLater] = useState<LaterPages<P> | null>(null);
  const shown = later !== null && later.after === first ? later : null;
  const next = shown ? shown.next : (first?.next_cursor ?? null);

  const showMore = async () => {
    if (next === null || first === undefined) return;
    const asked: LaterPages<P> = { after: first, matches: shown?.matches ?? [], next, state: 'loading' };
    setLater(asked);
    try {
      const page = await load(next);
      setLater({
        after: first,
        matches: [...asked.matches, ...page.matches],
        next: page.next_cursor ?? null,
        state: 'idle',
      });
    } catch (error) {
      console.warn(error); // handled: the screen says so under the list
      setLater({ ...asked, state: 'failed' });
    }
  };

  return {
    /** the rows of the pages after the first */
    later: shown?.matches ?? [],
    next,
    more: shown?.state ?? 'idle',
    showMore,
  };
}

/** The list's "Show more", or what went wrong asking for the next page. */
export function ShowMore({
  pages,
  failure,
  className,
}: {
  pages: Pick<ReturnType<typeof useLaterPages>, 'more' | 'next' | 'showMore'>;
  failure: string;
  className: string;
}) {
  const { more, next, showMore } = pages;
  if (more === 'failed') return <ErrorMessage onRetry={() => void showMore()}>{failure}</ErrorMessage>;
  if (next === null) return null;
  return (
    <button
      type="button"
      className={`button button-secondary ${className}`}
      onClick={() => void showMore()}
      disabled={more === 'loading'}
    >
      {more === 'loading' ? 'Loading...' : 'Show more'}
    </button>
  );
}
