/** Registration: name, email and password. New accounts are fans (no staff rights). */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { SessionField, SessionForm } from './session-form';

function registrationProblem(name: string, email: string, password: string): string | null {
  if (!name.trim() || !email.trim() || !password) return 'Please enter your name, email and a password';
  if (password.length < 8) return 'Your password needs at least 8 characters';
  return null;
}

export function RegisterPage() {
  const { register } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <SessionForm
      title="Create an account"
      lead="Pick a favourite team and see its next match first."
      submitLabel="Create account"
      fallback="Registration failed"
      check={() => registrationProblem(name, email, password)}
      send={() => register(name.trim(), email.trim(), password)}
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <SessionField label="Name" name="name" autoComplete="name" value={name} onValue={setName} />
      <SessionField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValue={setEmail}
      />
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
    </SessionForm>
  );
}
