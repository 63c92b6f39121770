/**
 * /reset-password?token=…: the page a reset link opens. A new password twice; the server
 * sets it, ends every other session of the account and signs it in here, and the user
 * lands where signing in would take them, told "Password changed". A link cut short, or
 * one the server says was used or has expired, leads to asking for a new one.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { startSession } from '@/lib/start-session';
import { landingPath } from './landing';
import { NewPasswordForm, useNewPasswordForm } from './new-password';
import { DeadLinkCard, SessionCard } from './session-form';
import './session.css';

/** The shape of a link's token (api/data/links.ts): anything else was cut short or mangled. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const FALLBACK = 'Could not set the password. Check your connection and try again.';
export const PASSWORD_CHANGED = 'Password changed';

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
    <DeadLinkCard title="Set a new password" text={text}>
      <Link className="button button-block" to="/forgot-password">
        Ask for a new link
      </Link>
    </DeadLinkCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const form = useNewPasswordForm({
    fallback: FALLBACK,
    send: async ({ password }) => {
      const user = await startSession('/api/auth/reset-password', { token, password }, FALLBACK);
      navigate(landingPath(user), { replace: true, state: { notice: PASSWORD_CHANGED } });
    },
    // A 400 about no field: the link itself was used or has expired.
    refused: ({ text, status }) => {
      if (status !== 400) return false;
      setDeadLink(text);
      return true;
    },
  });

  if (deadLink) return <DeadLink text={deadLink} />;
  return (
    <SessionCard
      title="Set a new password"
      lead="Choose a new password for your account. You are signed in with it straight away, and signed out everywhere else."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <NewPasswordForm
        form={form}
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        submitLabel="Set password"
      />
    </SessionCard>
  );
}
