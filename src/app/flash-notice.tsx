/**
 * A message carried to the next screen in the navigation's state ({ notice }), shown as a
 * toast there: "Password changed" after a reset link, the new role after an invitation.
 * The screen it lands on need not know about it. Dismissing it, or its timeout, takes it
 * out of the history entry, so going back there does not show it again.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { ToastCard } from '@/components/toast';

/** The notice a navigation carried, if any. */
function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as { notice?: unknown }).notice;
  return typeof notice === 'string' && notice ? notice : null;
}

export function FlashNotice({ state }: { state: unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  const text = noticeOf(state);
  const dismiss = () => void navigate(location, { replace: true, state: null });

  if (text === null) return null;

  return (
    <div className="toasts" aria-live="polite">
      {/* A new navigation's notice gets the whole time again. */}
      <ToastCard key={location.key} kind="success" message={text} onDismiss={dismiss} />
    </div>
  );
}
