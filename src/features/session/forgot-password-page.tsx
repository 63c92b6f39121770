/**
 * /forgot-password: asks for the account's e-mail and has the server send a link to set
 * a new password. The server answers the same for every address (so no one learns which
 * addresses have accounts): that answer is what the page shows.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, apiJson } from '@/lib/api-client';
import { EmailField, SessionButton, SessionCard } from './session-form';
import './session.css';

const FALLBACK = 'Could not ask for a link. Check your connection and try again.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email');
      return;
    }
    setError(null);
    setSent(null);
    setBusy(true);
    try {
      const answer = await apiJson<{ detail?: string }>('/api/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setSent(answer.detail ?? 'Request sent.');
    } catch (failure) {
      console.warn(failure); // handled: the alert shows it
      setError(failure instanceof ApiError ? failure.detailText(FALLBACK) : FALLBACK);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SessionCard
      title="Forgot your password?"
      lead="Enter the e-mail address of your account: we send you a link to set a new password."
      error={error}
      footer={
        <>
          Remembered it? <Link to="/login">Sign in</Link>
        </>
      }
    >
      {sent && (
        <p className="session-notice" role="status">
          {sent}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <EmailField value={email} onValue={setEmail} />
        <SessionButton busy={busy}>{sent ? 'Send another link' : 'Send link'}</SessionButton>
      </form>
    </SessionCard>
  );
}
