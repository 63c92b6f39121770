/** Registration: name, email and password. New accounts are fans (no staff rights). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { landingPath } from './landing';
import './session.css';

export function RegisterPage() {
  const { register } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim() || !password) {
      setError('Please enter your name, email and a password');
      return;
    }
    if (password.length < 8) {
      setError('Your password needs at least 8 characters');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const user = await register(name.trim(), email.trim(), password);
      navigate(landingPath(user), { replace: true });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Registration failed');
      setBusy(false);
    }
  };

  return (
    <section className="page session-page">
      <div className="card session-card">
        <h1 className="page-title">Create an account</h1>
        <p className="muted">Pick a favourite team and see its next match first.</p>
        {error && (
          <div className="session-error" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label className="field">
            <span>Name</span>
            <input
              name="name"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="field">
            <span>Email</span>
            <input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <div className="field">
            <label htmlFor="register-password">Password</label>
            <input
              id="register-password"
              type="password"
              name="password"
              autoComplete="new-password"
              aria-describedby="register-password-hint"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <small id="register-password-hint" className="muted">
              At least 8 characters
            </small>
          </div>
          <button type="submit" className="button button-block" disabled={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            Create account
          </button>
        </form>
        <p className="session-switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </section>
  );
}
