/** Sign in: email and password, a spinner while signing in, and the error alert. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { SessionField, SessionForm } from './session-form';

export function LoginPage() {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <SessionForm
      title="Sign in"
      lead="Follow your team, and manage it if you are staff."
      submitLabel="Sign In"
      fallback="Login failed"
      check={() => (!email.trim() || !password ? 'Please enter both email and password' : null)}
      send={() => login(email.trim(), password)}
      footer={
        <>
          New here? <Link to="/register">Create an account</Link>
        </>
      }
    >
      <SessionField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onValue={setEmail}
      />
      <SessionField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
      />
    </SessionForm>
  );
}
