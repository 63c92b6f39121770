/** The four leaderboard tabs of the team page, all read from one stats answer per season. */
import { StatList } from '@/components/stat-list';
import { ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { LeaderRow } from '@/lib/api-types';
import { teamApi } from './team-ids';

interface TeamStats {
  scorers: LeaderRow[];
  assists: LeaderRow[];
  clean_sheets_players: LeaderRow[];
  points: LeaderRow[];
}

export const STAT_TABS = {
  TopScorers: { field: 'scorers', label: 'goals' },
  TopAssists: { field: 'assists', label: 'assists' },
  CleanSheets: { field: 'clean_sheets_players', label: 'clean sheets' },
  Points: { field: 'points', label: 'points' },
} as const satisfies Record<string, { field: keyof TeamStats; label: string }>;

export type StatTab = keyof typeof STAT_TABS;

export function StatsTab({ teamId, season, tab }: { teamId: string; season: string; tab: StatTab }) {
  // The same path for the four tabs, so switching between them does not load again.
  const stats = useApi<TeamStats>(teamApi(teamId, `/stats?season=${encodeURIComponent(season)}`));
  if (stats.loading) return <Loading label="Loading stats..." />;
  if (stats.error || !stats.data)
    return <ErrorMessage onRetry={stats.reload}>Failed to fetch data</ErrorMessage>;
  const { field, label } = STAT_TABS[tab];
  return <StatList rows={stats.data[field]} statLabel={label} />;
}
