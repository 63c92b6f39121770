/**
 * The favourite team is followed on the server as well, so that its match being moved
 * or its result confirmed reaches the user's bell (and their phone, where push is on).
 * Browser storage keeps the favourite, as the specification says; the server's follow
 * keeps up with it, best effort: a change made without a connection is caught up the next
 * time the app starts online.
 */
import { apiJson, newIdempotencyKey } from './api-client';

interface Follows {
  team_ids: string[];
}

const followPath = (teamId: string) => `/api/follows/${encodeURIComponent(teamId)}`;

async function send(method: 'PUT' | 'DELETE', teamId: string): Promise<void> {
  await apiJson<Follows>(followPath(teamId), { method, idempotencyKey: newIdempotencyKey(), auth: true });
}

/** The favourite changed from `previous` to `next`: follow the new one, stop following the old. */
export async function followFavourite(previous: string | null, next: string | null): Promise<void> {
  try {
    if (next !== null) await send('PUT', next);
    if (previous !== null && previous !== next) await send('DELETE', previous);
  } catch (error) {
    console.warn('The favourite team is followed once the app is online again', error); // handled: caught up
  }
}

/** At the start, signed in and online: the favourite is followed on the server (a change made offline). */
export async function catchUpFavourite(favourite: string): Promise<void> {
  try {
    const { team_ids } = await apiJson<Follows>('/api/follows', { auth: true });
    if (!team_ids.includes(favourite)) await send('PUT', favourite);
  } catch (error) {
    console.warn('Could not check the favourite team is followed', error); // handled: tried next start
  }
}
