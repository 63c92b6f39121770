/**
 * /reset-password?token=…: the page a reset link opens. A new password twice; the server
 * sets it, ends every other session of the account and signs it in here, and the user
 * lands where signing in would take them, told "Password changed". A link cut short, or
 * one the server says was used or has expired, leads to asking for a new one.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SessionFailure, startSession } from '@/lib/start-session';
import { landingPath } from './landing';
import {
  checkNewPassword,
  PASSWORD_MIN,
  ProblemField,
  serverFieldProblem,
  type FieldProblems,
} from './new-password';
import { SessionCard } from './session-form';
import './session.css';

/** The shape of a link's token (api/data/links.ts): anything else was cut short or mangled. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const FALLBACK = 'Could not set the password. Check your connection and try again.';
export const PASSWORD_CHANGED = 'Password changed';

type Field = 'password' | 'confirm';
const LABELS: Record<Field, string> = { password: 'Password', confirm: 'Confirmation' };

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!LINK_TOKEN.test(token)) {
    return (
      <DeadLink
        text={
          token
            ? 'This link to set a new password is not complete. Open it again from the e-mail, or ask for a new one.'
            : 'This page needs the link from the e-mail that sets a new password. Ask for a new one.'
        }
      />
    );
  }
  return <ResetForm token={token} />;
}

function DeadLink({ text }: { text: string }) {
  return (
    <SessionCard title="Set a new password">
      <p className="session-error" role="alert">
        {text}
      </p>
      <div className="session-actions">
        <Link className="button button-block" to="/forgot-password">
          Ask for a new link
        </Link>
      </div>
    </SessionCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (deadLink) return <DeadLink text={deadLink} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = checkNewPassword(password, confirm);
    setProblems(found);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      const user = await startSession('/api/auth/reset-password', { token, password }, FALLBACK);
      navigate(landingPath(user), { replace: true, state: { notice: PASSWORD_CHANGED } });
    } catch (failure) {
      console.warn(failure); // handled: the page shows it
      const detail = failure instanceof Error ? failure.message : FALLBACK;
      const status = failure instanceof SessionFailure ? failure.status : 0;
      const onField = serverFieldProblem(detail, LABELS);
      if (onField) setProblems(onField);
      // A 400 about no field: the link itself was used or has expired.
      else if (status === 400) setDeadLink(detail);
      else setError(detail);
      setBusy(false);
    }
  };

  return (
    <SessionCard
      title="Set a new password"
      lead="Choose a new password for your account. You are signed in with it straight away, and signed out everywhere else."
      error={error}
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ProblemField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters`}
          value={password}
          problem={problems.password}
          onChange={(value) => {
            setPassword(value);
            setProblems((all) => ({ ...all, password: undefined }));
          }}
        />
        <ProblemField
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          problem={problems.confirm}
          onChange={(value) => {
            setConfirm(value);
            setProblems((all) => ({ ...all, confirm: undefined }));
          }}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Set password
        </button>
      </form>
    </SessionCard>
  );
}
