/**
 * Web Push for this device, from the notification panel: off, on, or why it
 * cannot be (the browser has no push, or the user blocked notifications for the site).
 */
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { currentPushSubscription, disablePush, enablePush, pushSupport } from '@/lib/push';
import { storage } from '@/lib/storage';

type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

export function PushToggle() {
  const [state, setState] = useState<State>(() => {
    const support = pushSupport();
    return support === 'unsupported' ? 'unsupported' : support === 'denied' ? 'blocked' : 'checking';
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    currentPushSubscription().then(
      (subscription) => live && setState(subscription && pushSupport() === 'granted' ? 'on' : 'off'),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [state]);

  // A browser without push says nothing: there is nothing the user could do about it here.
  if (state === 'checking' || state === 'unsupported') return null;

  const change = async (on: boolean) => {
    const token = storage.token();
    if (!token) return;
    setBusy(true);
    setProblem(null);
    try {
      if (on) await enablePush(token);
      else await disablePush(token);
      setState(on ? 'on' : 'off');
    } catch (error) {
      console.warn(error); // handled: shown under the button
      if (pushSupport() === 'denied') setState('blocked');
      setProblem(
        error instanceof ApiError
          ? error.detailText('Push notifications could not be turned on.')
          : error instanceof Error
            ? error.message
            : 'Push notifications could not be turned on.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="notifications-push">
      {state === 'blocked' ? (
        <p>
          Notifications are blocked for this site. Allow them in your browser’s settings to get them here.
        </p>
      ) : state === 'on' ? (
        <>
          <p>Push notifications are on for this device.</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void change(false)}
          >
            Turn off on this device
          </button>
        </>
      ) : (
        <>
          <p>Get these on this device, even when Touchline is closed.</p>
          <button type="button" className="button" disabled={busy} onClick={() => void change(true)}>
            Turn on push notifications
          </button>
        </>
      )}
      {problem && (
        <p className="notifications-push-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
