/**
 * Toasts at the bottom right for any screen inside a ToastProvider (the specification
 * has them on the Team Management tab, spec section 2): they slide in,
 * announce themselves to screen readers, and leave after a few seconds (the
 * specification does not give the timeout; ours is 4 s, info 6 s). The time stops while
 * the pointer is over a toast or focus is in it, and the rest runs once both have left,
 * so nobody loses a message while reading it or reaching its button. An error stays
 * until it is dismissed: it says what did not happen.
 * A toast never covers the control that made it: when the bottom corner would lie over
 * that button (a Save at the foot of a form on a phone), the toasts show at the top.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import './toast.css';

export type ToastKind = 'success' | 'info' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const ToastContext = createContext<((kind: ToastKind, message: string) => void) | null>(null);

/** How long a toast of each kind stays; null: until dismissed. */
export const TOAST_MS: Readonly<Record<ToastKind, number | null>> = {
  success: 4000,
  info: 6000,
  error: null,
};

const CONTROLS = 'button, a, input, select, textarea';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  const lastControl = useRef<Element | null>(null);
  useEffect(() => {
    // The control a press or key went to last: the one a toast shown next answers.
    const remember = (event: Event) => {
      if (event.target instanceof Element) lastControl.current = event.target.closest(CONTROLS);
    };
    document.addEventListener('pointerdown', remember, true);
    document.addEventListener('keydown', remember, true);
    return () => {
      document.removeEventListener('pointerdown', remember, true);
      document.removeEventListener('keydown', remember, true);
    };
  }, []);
  // The control that made the toasts on screen; by the time the answer comes it may have
  // lost focus (disabled while saving), so it is the one last pressed, kept at show time.
  const trigger = useRef<Element | null>(null);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback((kind: ToastKind, message: string) => {
    const id = next.current++;
    trigger.current = lastControl.current;
    setToasts((all) => [...all, { id, kind, message }]);
  }, []);

  // Measured where the toasts would sit at the bottom; moved to the top when that covers
  // the trigger. The class is set here, not rendered: the measure needs the bottom place
  // first, and doing both before the paint shows no jump.
  useLayoutEffect(() => {
    const box = region.current;
    const control = trigger.current;
    box?.classList.remove('toasts-top');
    if (!box || !control?.isConnected) return;
    const a = box.getBoundingClientRect();
    const b = control.getBoundingClientRect();
    const covers =
      toasts.length > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    if (covers) box.classList.add('toasts-top');
  }, [toasts]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={region} className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <ToastCard
            key={toast.id}
            kind={toast.kind}
            message={toast.message}
            onDismiss={() => dismiss(toast.id)}
          />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * One toast with its Dismiss button, gone after TOAST_MS[kind] unless the pointer or
 * focus is in it. Put it in a `.toasts` region (ToastProvider does).
 */
export function ToastCard({
  kind,
  message,
  onDismiss,
}: {
  kind: ToastKind;
  message: string;
  onDismiss: () => void;
}) {
  const lasts = TOAST_MS[kind];
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // What is left of the time: it runs only while neither the pointer nor focus is in the toast.
  const left = useRef(lasts ?? 0);
  const expire = useEffectEvent(onDismiss);
  const paused = hovered || focused;

  useEffect(() => {
    if (lasts === null || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => expire(), Math.max(0, left.current));
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [lasts, paused]);

  return (
    <div
      className={`toast toast-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        // Focus moving between the toast's own parts keeps it.
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span>{message}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** Shows a toast: `toast('success', 'Player added successfully')`. */
export function useToast(): (kind: ToastKind, message: string) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
