/**
 * A player's name linking to the player page (spec "Player link"), as used in
 * match lists. Ids in match records sometimes arrive wrapped in brackets or
 * quotes (a list stored as text), so they are cleaned before use; when no name is
 * given the player record is loaded, and a failed load still shows a readable
 * name derived from the id.
 */
import { Link } from 'react-router-dom';
import { useApi } from '@/hooks/use-api';
import type { PlayerProfile } from '@/lib/api-types';
import { nameFromId } from '@/lib/format';

/** Strips brackets and quotes left over from ids stored as list text, and trims. */
export function cleanPlayerId(id: string): string {
  return id.replace(/[[\](){}"'`]/g, '').trim();
}

/** Names shown in lists carry no digits (shirt numbers leak into some records). */
function cleanName(name: string): string {
  return name.replace(/\d+/g, '').replace(/\s+/g, ' ').trim();
}

export function PlayerLink({ playerId, name }: { playerId: string | null | undefined; name?: string }) {
  const id = playerId === null || playerId === undefined ? null : cleanPlayerId(playerId);
  const given = name === undefined ? '' : cleanName(name);
  const needsFetch = id !== null && id !== '' && given === '';
  const player = useApi<PlayerProfile>(needsFetch ? `/api/players/${encodeURIComponent(id)}` : null, {
    cache: true,
  });

  if (id === null) return <span className="player-link player-link-missing">No player ID provided</span>;
  if (id === '') return <span className="player-link player-link-missing">Invalid player ID</span>;
  if (needsFetch && player.loading)
    return <span className="player-link player-link-loading">Loading...</span>;

  const fetched = player.data?.name ? cleanName(player.data.name) : '';
  const shown = given || fetched || nameFromId(id) || 'Unknown Player';
  return (
    <Link className="player-link" to={`/player/${encodeURIComponent(id)}`}>
      {shown}
    </Link>
  );
}
