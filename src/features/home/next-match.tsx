/** The next-match block (spec "Next match block"): 'Next Match' and its card, or 'No upcoming matches scheduled'. */
import { useEffect } from 'react';
import { MatchCard } from '@/components/match-card';
import { EmptyMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { Match } from '@/lib/api-types';

export function NextMatch({ teamId }: { teamId: string }) {
  const { data, error, loading } = useApi<Match[]>(
    `/api/matches?future=true&team_id=${encodeURIComponent(teamId)}&limit=1`,
  );

  useEffect(() => {
    // Logged only (spec section 8): the block shows the empty text instead.
    if (error) console.warn('Failed to fetch next match', error);
  }, [error]);

  const next = Array.isArray(data) ? data[0] : undefined;
  return (
    <section className="main-next" aria-label="Next match">
      {loading ? (
        <Loading />
      ) : next && !error ? (
        <>
          <h2 className="main-section-title">Next Match</h2>
          <MatchCard match={next} />
        </>
      ) : (
        <EmptyMessage>No upcoming matches scheduled</EmptyMessage>
      )}
    </section>
  );
}
