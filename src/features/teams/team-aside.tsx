/**
 * What the team page shows beside (desk) or under (phone) its tabs once the page runs:
 * the latest result, news and video, then the calendar, CSV and website snippet. One chunk, loaded after the first paint.
 */
import { DataLinks } from '@/components/data-links';
import { ResultsPanel } from '@/components/results-panel';
import { WhenNear } from '@/components/when-near';

export function TeamAside({ teamId, teamName }: { teamId: string; teamName: string }) {
  return (
    <>
      <ResultsPanel teamId={teamId} />
      {/* Its own step: laid out with the results, the whole aside was one long task on a phone. */}
      <WhenNear>
        <DataLinks kind="team" id={teamId} name={teamName} />
      </WhenNear>
    </>
  );
}
