/**
 * Sign in: email and password, a spinner while signing in, the error alert, and the
 * way to a new password. `?next=/invite/…` brings the user back to what asked them to
 * sign in (an invitation to accept); without it they land where their role belongs.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { EmailField, safeNext, SessionField, SessionForm } from './session-form';

export function LoginPage() {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  return (
    <SessionForm
      title="Sign in"
      lead="Follow your team, and manage it if you are staff."
      submitLabel="Sign In"
      fallback="Login failed"
      check={() => (!email.trim() || !password ? 'Please enter both email and password' : null)}
      send={() => login(email.trim(), password)}
      next={next}
      footer={
        <>
          New here? <Link to="/register">Create an account</Link>
        </>
      }
    >
      <EmailField value={email} onValue={setEmail} />
      <SessionField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
      />
      <Link className="session-forgot" to="/forgot-password">
        Forgot password?
      </Link>
    </SessionForm>
  );
}
