/**
 * The account sheet's notification settings: a switch per kind of
 * notification, all on until the user mutes one. Saved at once; a failed save puts the
 * switch back and says so.
 */
import { useEffect, useId, useState } from 'react';
import { ErrorMessage, Loading } from '@/components/status';
import { ApiError, apiJson, newIdempotencyKey } from '@/lib/api-client';
import type { NotificationKind } from '../../db/schema';
import { FOLLOWER_KINDS, NOTIFICATION_KIND_LABELS, PLAYER_KINDS } from '../../api/domain/notification-text';

/** Every kind, in the order the settings list them. */
const KINDS = Object.keys(NOTIFICATION_KIND_LABELS) as NotificationKind[];

/** What a follower of a team hears of, as the settings call it for them. */
const FOLLOWER_LABELS: Partial<Record<NotificationKind, string>> = {
  match_moved: 'A followed team’s match moved or postponed',
  result_confirmed: 'A followed team’s result confirmed',
};

interface Settings {
  muted: NotificationKind[];
}

/**
 * `followerOnly`: the user is told only as a follower of teams (a fan, a player): just
 * those kinds are offered, in words about the teams they follow, and a player's own
 * (reminders to answer, squads announced) when `player`.
 */
export function NotificationSettings({
  followerOnly = false,
  player = false,
}: {
  followerOnly?: boolean;
  player?: boolean;
}) {
  const offered = followerOnly ? [...(player ? PLAYER_KINDS : []), ...FOLLOWER_KINDS] : KINDS;
  const headingId = useId();
  const [muted, setMuted] = useState<ReadonlySet<NotificationKind> | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    apiJson<Settings>('/api/notifications/settings', { auth: true }).then(
      (settings) => live && setMuted(new Set(settings.muted)),
      (error: unknown) => {
        console.warn(error); // handled: the section says so
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [round]);

  const toggle = async (kind: NotificationKind, on: boolean) => {
    if (!muted) return;
    const before = muted;
    const next = new Set(muted);
    if (on) next.delete(kind);
    else next.add(kind);
    setMuted(next);
    setSaving(true);
    setProblem(null);
    try {
      const saved = await apiJson<Settings>('/api/notifications/settings', {
        method: 'PUT',
        body: { muted: KINDS.filter((each) => next.has(each)) },
        idempotencyKey: newIdempotencyKey(),
        auth: true,
      });
      setMuted(new Set(saved.muted));
    } catch (error) {
      console.warn(error); // handled: the switch goes back and the section says why
      setMuted(before);
      setProblem(
        error instanceof ApiError
          ? error.detailText('Could not save your notification settings.')
          : 'Could not save your notification settings. Check your connection and try again.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Notifications</h3>
      {failed ? (
        <ErrorMessage
          onRetry={() => {
            setFailed(false);
            setRound((n) => n + 1);
          }}
        >
          Notification settings could not be loaded.
        </ErrorMessage>
      ) : !muted ? (
        <Loading label="Loading notification settings..." />
      ) : (
        <fieldset className="account-switches" disabled={saving} aria-describedby={`${headingId}-hint`}>
          <legend className="visually-hidden">Notify me about</legend>
          <p id={`${headingId}-hint`} className="muted">
            Choose what the bell (and push, where it is on) tells you about.
          </p>
          {offered.map((kind) => (
            <label key={kind} className="account-switch">
              <input
                type="checkbox"
                role="switch"
                checked={!muted.has(kind)}
                onChange={(event) => void toggle(kind, event.target.checked)}
              />
              <span>{(followerOnly && FOLLOWER_LABELS[kind]) || NOTIFICATION_KIND_LABELS[kind]}</span>
            </label>
          ))}
        </fieldset>
      )}
      {problem && (
        <p className="account-message account-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
