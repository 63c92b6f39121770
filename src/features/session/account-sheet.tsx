/**
 * The account sheet behind the header's Settings button: who is signed in (name,
 * email, role, team), a password change that needs the current password, and
 * sign-out of all devices. A modal: a bottom sheet on phones, a centred card on a
 * desk. Staff (who are sent notifications) also choose which kinds they get.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { useApi } from '@/hooks/use-api';
import { ApiError, apiJson } from '@/lib/api-client';
import type { Team } from '@/lib/api-types';
import { endSession, useSession } from '@/lib/session';
import { storage, type StoredUser, type UserType } from '@/lib/storage';
import './account.css';
import { Facts } from '@/components/facts';
import { NotificationSettings } from '@/components/notification-settings';
import { isPlayer } from '@/lib/rights';

/**
 * The roles sent every kind of notification (api/data/notifications.ts: staff, league
 * admins and super admins); anyone else hears only of the teams they follow.
 */
const NOTIFIED: ReadonlySet<UserType> = new Set(['coach', 'owner', 'admin', 'super_admin']);

const ROLE_LABELS: Record<UserType, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  manager: 'Manager',
  owner: 'Owner',
  coach: 'Coach',
  player: 'Player',
  fan: 'Fan',
};

const PASSWORD_CHANGED = 'Password changed. Other devices have been signed out.';
const SIGN_OUT_ALL_QUESTION =
  'Sign out of all devices? You will need to sign in again everywhere, on this device too.';

/** The server's detail, or the fallback (a network failure has none). */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.detailText(fallback) : fallback;
}

export function AccountSheet({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  return (
    <ModalDialog title="Account" onClose={onClose}>
      <div className="modal-body account-sheet-body">
        <AccountDetails />
        {user && (
          <NotificationSettings followerOnly={!NOTIFIED.has(user.user_type)} player={isPlayer(user)} />
        )}
        <ChangePassword />
        <SignOutEverywhere />
      </div>
    </ModalDialog>
  );
}

function AccountDetails() {
  const { user: stored } = useSession();
  // The stored user of an older session may lack the email: the server fills it in.
  const me = useApi<{ user: StoredUser }>('/api/auth/me');
  const user = me.data?.user ?? stored;
  // The server's user is the current one: keep it, with its memberships, for the screens.
  const current = me.data?.user;
  useEffect(() => {
    if (current && storage.token()) storage.setUser(current);
  }, [current]);
  const teamId = user?.team_id ?? null;
  const team = useApi<Team>(teamId ? `/api/teams/${encodeURIComponent(teamId)}` : null, { cache: true });
  const headingId = useId();

  let teamText: ReactNode;
  if (!teamId) teamText = 'No team';
  else if (team.data) teamText = team.data.team_name;
  else if (team.error) teamText = <span className="account-missing">Team details could not be loaded</span>;
  else teamText = <span className="account-missing">Loading…</span>;

  const missing = (text: string) => <span className="account-missing">{text}</span>;
  const pending = me.loading ? 'Loading…' : 'Not available';

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="visually-hidden">
        Your details
      </h3>
      <Facts
        className="account-facts"
        facts={[
          ['Name', user?.name || missing(pending)],
          ['Email', user?.email || missing(pending)],
          ['Role', user ? (ROLE_LABELS[user.user_type] ?? user.user_type) : missing(pending)],
          ['Team', teamText],
        ]}
      />
      {me.error && (
        <p className="account-message account-error" role="alert">
          Could not load your account from the server ({failureText(me.error, 'no answer')}). Showing what
          this device has stored.
        </p>
      )}
    </section>
  );
}

type Field = 'current' | 'next' | 'confirm';
const MIN_LENGTH = 8;
const MAX_LENGTH = 128;

/** The first problem of each field, or none. */
function checkPasswords(values: Record<Field, string>): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!values.current) problems.current = 'Enter your current password';
  if (!values.next) problems.next = 'Enter a new password';
  else if ([...values.next].length < MIN_LENGTH)
    problems.next = `The new password must be at least ${MIN_LENGTH} characters`;
  else if ([...values.next].length > MAX_LENGTH)
    problems.next = `The new password must be at most ${MAX_LENGTH} characters`;
  else if (values.next === values.current)
    problems.next = 'The new password must be different from the current one';
  if (!values.confirm) problems.confirm = 'Confirm the new password';
  else if (values.next && values.confirm !== values.next) problems.confirm = 'The passwords do not match';
  return problems;
}

const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };

function ChangePassword() {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(false);
    const found = checkPasswords(values);
    setProblems(found);
    const first = (['current', 'next', 'confirm'] as const).find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await apiJson('/api/auth/change-password', {
        method: 'POST',
        body: { current_password: values.current, new_password: values.next },
      });
      setValues(EMPTY);
      setDone(true);
    } catch (error) {
      console.warn(error); // handled: the form shows the failure
      setFailure(failureText(error, 'Could not change the password. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField
      name={name}
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      problem={problems[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setDone(false);
      }}
    />
  );

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Change password</h3>
      <form ref={form} className="account-form" onSubmit={(event) => void submit(event)} noValidate>
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password')}
        {field('confirm', 'Confirm new password', 'new-password')}
        {failure && (
          <p className="account-message account-error" role="alert">
            {failure}
          </p>
        )}
        {done && (
          <p className="account-message account-success" role="status">
            {PASSWORD_CHANGED}
          </p>
        )}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Change password
        </button>
      </form>
    </section>
  );
}

function PasswordField({
  name,
  label,
  autoComplete,
  value,
  problem,
  onChange,
}: {
  name: Field;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const problemId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <span id={problemId} className="account-field-problem">
          {problem}
        </span>
      )}
    </div>
  );
}

function SignOutEverywhere() {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signOut = async () => {
    if (!window.confirm(SIGN_OUT_ALL_QUESTION)) return;
    setBusy(true);
    setFailure(null);
    try {
      await apiJson('/api/auth/logout-all', { method: 'POST' });
    } catch (error) {
      console.warn(error); // handled: the section shows the failure
      setFailure(
        failureText(error, 'Could not sign out of all devices. Check your connection and try again.'),
      );
      setBusy(false);
      return;
    }
    // Every session has ended on the server; this device forgets its own as a logout does.
    endSession('/login');
  };

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Sign out of all devices</h3>
      <p className="muted">Ends your session on every phone and computer, this one included.</p>
      {failure && (
        <p className="account-message account-error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="button account-danger"
        onClick={() => void signOut()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy && <span className="spinner spinner-small" aria-hidden="true" />}
        Sign out of all devices
      </button>
    </section>
  );
}
