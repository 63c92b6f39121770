/**
 * Keeps the device ready for the pitch side, with no screen of its own (the outbox's
 * replay starts with the page itself, in main.tsx):
 * - saves the signed-in user's own team and favourite team for offline use, again
 *   when the copy is older than half an hour;
 * - asks screens to load again when the network returns or when the worker first
 *   takes control (so what they show lands in the offline store).
 */
import { useEffect } from 'react';
import { useOnline } from '@/hooks/use-online';
import { useSession } from '@/lib/session';
import { refreshAllReads } from '@/offline/read-events';
import { saveTeamForOffline, savedTeam } from '@/lib/save-team';
import { offlineCapable } from '@/offline/capable';
import { onFirstControl } from './sw-updates';

const RESAVE_AFTER_MS = 30 * 60 * 1000;
const saving = new Set<string>();

async function keepSaved(teamId: string): Promise<void> {
  if (saving.has(teamId) || !offlineCapable()) return;
  saving.add(teamId);
  try {
    const saved = await savedTeam(teamId);
    if (saved && Date.now() - saved.savedAt < RESAVE_AFTER_MS) return;
    await saveTeamForOffline(teamId);
  } catch (error) {
    console.warn(`Team ${teamId} not saved for offline use`, error); // the next start tries again
  } finally {
    saving.delete(teamId);
  }
}

export function OfflineSync() {
  const { user, isAuthenticated, favoriteTeam } = useSession();
  const online = useOnline();
  const ownTeam = user?.team_id ?? null;
  const favourite = isAuthenticated ? favoriteTeam : null;

  useEffect(() => {
    if (!online) return;
    const teams = [...new Set([ownTeam, favourite].filter((id): id is string => Boolean(id)))];
    const saveAll = () => teams.forEach((teamId) => void keepSaved(teamId));
    saveAll();
    return onFirstControl(() => {
      refreshAllReads();
      saveAll();
    });
  }, [online, ownTeam, favourite]);

  useEffect(() => {
    const onOnline = () => refreshAllReads();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  return null;
}
