/** Sign in: email and password, a spinner while signing in, and the error alert. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { landingPath } from './landing';
import './session.css';

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter both email and password');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const user = await login(email.trim(), password);
      navigate(landingPath(user), { replace: true });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Login failed');
      setBusy(false);
    }
  };

  return (
    <section className="page session-page">
      <div className="card session-card">
        <h1 className="page-title">Sign in</h1>
        <p className="muted">Follow your team, and manage it if you are staff.</p>
        {error && (
          <div className="session-error" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label className="field">
            <span>Email</span>
            <input
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="field">
            <span>Password</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button type="submit" className="button button-block" disabled={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            Sign In
          </button>
        </form>
        <p className="session-switch">
          New here? <Link to="/register">Create an account</Link>
        </p>
      </div>
    </section>
  );
}
