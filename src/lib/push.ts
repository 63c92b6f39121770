/**
 * Web Push opt-in for the bell's panel. The browser subscribes through the
 * app's service worker with the server's VAPID key, and the subscription is handed to
 * the API, which pushes each new notification to it (sw/sw.ts shows it and opens its
 * link on click). Call enablePush from the click that asks for it: browsers allow the
 * permission prompt only in answer to a user's gesture.
 */
import { apiJson, newIdempotencyKey } from '@/lib/api-client';

/** Whether this browser can receive Web Push, and what the user has said to notifications. */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export const PUSH_KEY_PATH = '/api/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    typeof Notification === 'undefined'
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The app's service worker registration, or null (unsupported, or not registered: dev server). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's current subscription, or null when it has none (or cannot have one). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

function bytesOfBase64url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    value
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(value.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (a === null || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

function authorization(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/**
 * Asks for permission (if not yet given), subscribes this browser with the server's key
 * and stores the subscription for the signed-in user. Rejects with a message to show
 * when notifications are blocked, the browser cannot push, or the server refuses
 * (ApiError, with the server's detail).
 */
export async function enablePush(token: string): Promise<void> {
  const support = pushSupport();
  if (support === 'unsupported') throw new Error('This browser cannot receive push notifications');
  // First, while the user's click still counts as one: later, after awaiting, it may not.
  const permission = support === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error('Notifications are blocked for this site: allow them in the browser’s settings');
  }
  const { public_key: publicKey } = await apiJson<{ public_key: string }>(PUSH_KEY_PATH);
  if (!(await registration())) {
    throw new Error('Push notifications need the installed app’s service worker, which is not running');
  }
  const ready = await navigator.serviceWorker.ready;
  const applicationServerKey = bytesOfBase64url(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot be reused.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await apiJson<{ endpoint: string }>(PUSH_SUBSCRIPTIONS_PATH, {
    method: 'POST',
    body: subscription.toJSON(),
    headers: authorization(token),
    idempotencyKey: newIdempotencyKey(),
  });
}

/**
 * Unsubscribes this browser and tells the server to forget it. If the server cannot be
 * told (offline), the browser is unsubscribed all the same: the push service answers
 * 410 to the next push, and the server removes the subscription then.
 */
export async function disablePush(token: string): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  try {
    await apiJson<null>(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      body: { endpoint },
      headers: authorization(token),
    });
  } catch {
    // Already unsubscribed here; see above.
  }
}

/**
 * Signed out on this device: it stops receiving the user's pushes at once. The server is
 * not told (the session is gone); the push service answers 410 to the next push, and the
 * server removes the subscription then.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  await (await currentPushSubscription())?.unsubscribe();
}
