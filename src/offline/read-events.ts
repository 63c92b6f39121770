/**
 * Tells mounted screens that an answer they show changed: the worker found fresher
 * data for a path (`read-updated`), or confirmed what the screen shows is current
 * (`read-confirmed`). `*` means every path (back online, the worker took control, a
 * queued write was delivered): screens ask again.
 */
import type { ReadMessage } from './read-cache';
import { readKey } from './read-cache';

export type ReadEvent = { type: 'read-updated' | 'read-confirmed'; key: string };
type Listener = (event: ReadEvent) => void;

const listeners = new Set<Listener>();
let listening = false;

function listenToWorker(): void {
  if (listening || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Partial<ReadMessage> | null;
    if ((data?.type === 'read-updated' || data?.type === 'read-confirmed') && typeof data.key === 'string') {
      emitReadEvent({ type: data.type, key: data.key });
    }
  });
}

export function emitReadEvent(event: ReadEvent): void {
  listeners.forEach((listener) => listener(event));
}

/** Screens ask for everything again. */
export function refreshAllReads(): void {
  emitReadEvent({ type: 'read-updated', key: '*' });
}

export function onReadEvent(listener: Listener): () => void {
  listenToWorker();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether an event concerns a screen that loaded `path`. */
export function concerns(event: ReadEvent, path: string): boolean {
  return event.key === '*' || event.key === readKey(path);
}
