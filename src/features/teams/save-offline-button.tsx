/**
 * 'Save for offline' on a team page: stores the team's pitch-side screens on the
 * device (src/lib/save-team.ts). Offered only where a service worker serves them back
 * (built app, browser with IndexedDB), which ./team-offline.tsx decides. The own and
 * favourite teams are saved automatically; the button then reads as saved, with the
 * copy's age. Until that age is known it is the placeholder, of the same size. The notes
 * beside the button are short: two lines of a phone's width keep the row's height.
 */
import { useEffect, useState } from 'react';
import { useOnline } from '@/hooks/use-online';
import { formatRelativeTime } from '@/lib/format';
import { saveTeamForOffline, savedTeam } from '@/lib/save-team';
import { SaveOfflinePlaceholder } from './save-offline-placeholder';

type SaveState =
  | { kind: 'unknown' }
  | { kind: 'idle'; savedAt: number | null }
  | { kind: 'saving'; savedAt: number | null }
  | { kind: 'failed'; savedAt: number | null };

export function SaveOfflineButton({ teamId }: { teamId: string }) {
  const online = useOnline();
  const [state, setState] = useState<SaveState>({ kind: 'unknown' });

  useEffect(() => {
    let live = true;
    savedTeam(teamId).then(
      (saved) => live && setState({ kind: 'idle', savedAt: saved?.savedAt ?? null }),
      () => live && setState({ kind: 'idle', savedAt: null }),
    );
    return () => {
      live = false;
    };
  }, [teamId]);

  if (state.kind === 'unknown') return <SaveOfflinePlaceholder />;
  const savedAt = state.savedAt;

  const save = async () => {
    setState({ kind: 'saving', savedAt });
    try {
      const saved = await saveTeamForOffline(teamId);
      setState({ kind: 'idle', savedAt: saved.savedAt });
    } catch (error) {
      console.warn(error); // handled: the message below says so
      setState({ kind: 'failed', savedAt });
    }
  };

  return (
    <div className="team-offline">
      <button
        type="button"
        className="button button-secondary team-offline-button"
        onClick={() => void save()}
        disabled={state.kind === 'saving' || !online}
      >
        {state.kind === 'saving' ? 'Saving…' : savedAt === null ? 'Save for offline' : 'Update offline copy'}
      </button>
      <span className="team-offline-note" role="status">
        {state.kind === 'failed'
          ? 'Not saved. Try again with a connection.'
          : savedAt !== null
            ? `Saved ${formatRelativeTime(savedAt)}`
            : online
              ? ''
              : 'Connect to save.'}
      </span>
    </div>
  );
}
