/**
 * A squad from a spreadsheet: the roster CSV import of one team, for the super
 * admin's Team Management and for the team's own coach or owner on its page.
 */
import { CsvImport } from './csv-import';

interface PlayerRow {
  line: number;
  outcome: 'create' | 'error';
  player?: { name: string; number: number; position: string };
}

export function RosterImport({ teamId, onImported }: { teamId: string; onImported?: () => void }) {
  return (
    <CsvImport<PlayerRow>
      title="Import players from a spreadsheet"
      path={`/api/teams/${encodeURIComponent(teamId)}/roster.csv`}
      columns="name,number,position,position_general"
      describe={(row) =>
        row.player ? `#${row.player.number} ${row.player.name}, ${row.player.position}` : ''
      }
      onImported={onImported}
    />
  );
}
