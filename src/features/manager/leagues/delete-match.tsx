/**
 * Delete, for a fixture without a report in the season's match list: asked once in the
 * house dialog, then the match, its saved squads and the notifications that open it go.
 * The server refuses a match with a report (a result stays on record).
 */
import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import type { Match } from '@/lib/api-types';
import { formatMatchDate } from '@/lib/format';
import { useWrite } from '../shared/staff-write';
import { WriteFailure } from '../team-management/form-parts';

export function DeleteMatchAction({ match, onDeleted }: { match: Match; onDeleted: (match: Match) => void }) {
  const write = useWrite();
  const [asking, setAsking] = useState(false);
  const name = `${match.home_team_name} vs ${match.away_team_name}`;

  const remove = async () => {
    const result = await write.send(
      'DELETE',
      `/api/matches/${encodeURIComponent(String(match.id))}`,
      undefined,
      {
        success: 'Match deleted',
        failure: 'Failed to delete match',
      },
    );
    if (!result.ok) return;
    setAsking(false);
    onDeleted(match);
  };

  return (
    <>
      <button
        type="button"
        className="button button-secondary manager-small-button manager-button-danger"
        aria-label={`Delete ${name}`}
        disabled={write.pending}
        onClick={() => {
          write.clearFailure();
          setAsking(true);
        }}
      >
        Delete
      </button>
      {asking && (
        <ModalDialog title={`Delete ${name}?`} onClose={() => setAsking(false)} busy={write.pending}>
          <div className="modal-body">
            <p>
              {formatMatchDate(match.date)}
              {match.location && ` · ${match.location}`}
            </p>
            <p>The fixture and any squads saved for it are deleted. This cannot be undone.</p>
            <WriteFailure failure={write.failure} />
          </div>
          <div className="modal-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setAsking(false)}
              disabled={write.pending}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button-secondary manager-button-danger"
              disabled={write.pending}
              onClick={() => void remove()}
            >
              {write.pending ? 'Deleting…' : 'Delete match'}
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
