/**
 * The card shared by sign-in and registration: title, lead, the error alert, the form
 * with its fields, a submit button with a spinner while busy, and the link to the other
 * page. `send` runs the call; a thrown Error's message becomes the alert (else
 * `fallback`). On success the user lands where their role belongs, or on `next`.
 *
 * Rendered by the server, the form is on screen before its script runs: the button
 * stays disabled until the page is hydrated (a native submission would have sent the
 * password in the URL), the form says POST should anything submit it natively, and
 * what was typed meanwhile is kept.
 */
import {
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { StoredUser } from '@/lib/storage';
import { useHydrated } from '@/hooks/use-hydrated';
import { landingPath } from './landing';
import './session.css';

/**
 * A `next` address to come back to after signing in (an invitation asks to sign in
 * first): only a path of this site, never another origin.
 */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export function SessionForm({
  title,
  lead,
  submitLabel,
  fallback,
  check,
  send,
  next = null,
  children,
  footer,
}: {
  title: string;
  lead: string;
  submitLabel: string;
  /** The alert when the call fails without a message of its own. */
  fallback: string;
  /** The problem with the fields before anything is sent, if any. */
  check: () => string | null;
  send: () => Promise<StoredUser>;
  /** Where to go once signed in instead of the role's landing (a checked path). */
  next?: string | null;
  children: ReactNode;
  footer: ReactNode;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const user = await send();
      navigate(next ?? landingPath(user), { replace: true });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : fallback);
      setBusy(false);
    }
  };

  return (
    <SessionCard title={title} lead={lead} error={error} footer={footer}>
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <SessionButton busy={busy} disabled={!hydrated}>
          {submitLabel}
        </SessionButton>
      </form>
    </SessionCard>
  );
}

/** The session pages' card: a title, a lead, the error alert, what the page shows, and a footer. */
export function SessionCard({
  title,
  lead,
  error = null,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  error?: string | null;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="page session-page">
      <div className="card session-card">
        <h1 className="page-title">{title}</h1>
        {lead && <p className="muted">{lead}</p>}
        {error && (
          <div className="session-error" role="alert">
            {error}
          </div>
        )}
        {children}
        {footer && <p className="session-switch">{footer}</p>}
      </div>
    </section>
  );
}

/**
 * The card of a link that cannot be used (cut short, used, withdrawn, expired): why, in
 * the alert; what to do about it (`advice`); and the way on (children, in the actions).
 */
export function DeadLinkCard({
  title,
  text,
  advice,
  children,
}: {
  title: string;
  text: string;
  advice?: string;
  children: ReactNode;
}) {
  return (
    <SessionCard title={title}>
      <p className="session-error" role="alert">
        {text}
      </p>
      {advice && <p className="muted session-offer">{advice}</p>}
      <div className="session-actions">{children}</div>
    </SessionCard>
  );
}

/** A labelled input of the session forms. */
export function SessionField({
  label,
  onValue,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; onValue: (value: string) => void }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Typed into the server's markup before the page was hydrated: in the field, not in the state.
    const typed = field.current?.value;
    if (typed && typed !== input.value) onValue(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the field is hydrated
  }, []);
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} ref={field} onChange={(event) => onValue(event.target.value)} />
    </label>
  );
}

/** The e-mail field of signing in and of asking for a reset link: the account's address. */
export function EmailField({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  return (
    <SessionField
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      inputMode="email"
      value={value}
      onValue={onValue}
    />
  );
}

/**
 * A session page's main button (a submit button unless told): full width, disabled with
 * a spinner while `busy`, so a second press cannot send the call again.
 */
export function SessionButton({
  busy,
  disabled = false,
  type = 'submit',
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; type?: 'submit' | 'button' }) {
  return (
    <button {...button} type={type} className="button button-block" disabled={busy || disabled}>
      {busy && <span className="spinner spinner-small" aria-hidden="true" />}
      {children}
    </button>
  );
}
