/**
 * What the table, matches and discipline tabs load alike: the league's season's part
 * (GET /api/leagues/{leagueId}/{part}?season=…), with a spinner while it comes and the
 * server's error, with 'Try again', if it fails.
 */
import { ErrorMessage, Loading } from '@/components/status';
import { useApi, type ApiState } from '@/hooks/use-api';
import { serverErrorText } from './server-error';

export function useSeasonAnswer<T>(
  leagueId: string,
  part: 'table' | 'matches' | 'discipline',
  season: string,
): ApiState<T> {
  return useApi<T>(
    `/api/leagues/${encodeURIComponent(leagueId)}/${part}?season=${encodeURIComponent(season)}`,
  );
}

/** The spinner, or the error; null once the answer is in. */
export function seasonStatus(state: ApiState<unknown>, loadingLabel: string) {
  if (state.loading) return <Loading label={loadingLabel} />;
  if (state.error) return <ErrorMessage onRetry={state.reload}>{serverErrorText(state.error)}</ErrorMessage>;
  return null;
}
