/**
 * What the team page shows beside (desk) or under (phone) its tabs once the page runs:
 * the latest result, news and video, then the calendar, CSV and website snippet. One chunk, loaded after the first paint.
 */
import { DataLinks } from '@/components/data-links';
import { ResultsPanel } from '@/components/results-panel';

export function TeamAside({ teamId, teamName }: { teamId: string; teamName: string }) {
  return (
    <>
      <ResultsPanel teamId={teamId} />
      <DataLinks kind="team" id={teamId} name={teamName} />
    </>
  );
}
