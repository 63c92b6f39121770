/**
 * /invite/:token: the page an invitation link opens. It says who invites the visitor to
 * be what, in which league or team, and takes them in:
 * - no account for the invited address yet: a name and a password make one, signed in;
 * - an account exists: sign in first (the sign-in page brings them back here);
 * - signed in: Accept adds the role to the account signed in, and says which account
 *   that is when it is not the invited address.
 * A link that was used, withdrawn, has expired or was never made says so.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { SessionFailure, startSession } from '@/lib/start-session';
import type { StoredUser } from '@/lib/storage';
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

/** What GET /api/invitations/by-token/{token} answers. */
export interface InvitationView {
  email: string;
  role: string;
  role_label: string;
  league_id: string | null;
  league_name: string | null;
  team_id: string | null;
  team_name: string | null;
  player_name: string | null;
  invited_by: string | null;
  expires_at: string;
  account_exists: boolean;
}

const TITLE = 'Invitation';
const LOAD_FAILED = 'Could not load the invitation. Check your connection and try again.';
const ACCEPT_FAILED = 'Could not accept the invitation. Check your connection and try again.';

const invitationPath = (token: string) => `/api/invitations/by-token/${encodeURIComponent(token)}`;

/** The server's word for a link that cannot be used (unknown, used, withdrawn, expired, mangled). */
function deadLinkText(error: unknown): string | null {
  if (!(error instanceof ApiError) || ![400, 404, 410].includes(error.status)) return null;
  return error.detailText('This invitation link is not valid.');
}

export function InvitePage() {
  const { token = '' } = useParams();
  const offer = useApi<InvitationView>(invitationPath(token));

  if (offer.loading && !offer.data)
    return <SessionCard title={TITLE}>{<Loading label="Loading invitation..." />}</SessionCard>;
  if (offer.error || !offer.data) {
    const dead = deadLinkText(offer.error);
    if (dead !== null) return <DeadInvitation text={dead} />;
    const detail = offer.error instanceof ApiError ? offer.error.detailText(LOAD_FAILED) : LOAD_FAILED;
    return (
      <SessionCard title={TITLE}>
        <ErrorMessage onRetry={offer.reload}>{detail}</ErrorMessage>
      </SessionCard>
    );
  }
  return <Offer token={token} offer={offer.data} />;
}

function DeadInvitation({ text }: { text: string }) {
  return (
    <SessionCard title="This invitation cannot be used">
      <p className="session-error" role="alert">
        {text}
      </p>
      <p className="muted session-offer">Ask the person who invited you to send a new invitation.</p>
      <div className="session-actions">
        <Link className="button button-secondary button-block" to="/">
          Go to the home page
        </Link>
      </div>
    </SessionCard>
  );
}

function Offer({ token, offer }: { token: string; offer: InvitationView }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [dead, setDead] = useState<string | null>(null);
  if (dead !== null) return <DeadInvitation text={dead} />;

  // Lands as signing in would, told what they now are.
  const welcome = (signedIn: StoredUser) =>
    navigate(landingPath(signedIn), { replace: true, state: { notice: `You are now ${offer.role_label}` } });

  let action;
  if (user)
    action = (
      <AcceptAsSignedIn token={token} offer={offer} user={user} onAccepted={welcome} onDead={setDead} />
    );
  else if (offer.account_exists) action = <SignInFirst token={token} offer={offer} />;
  else action = <NewAccount token={token} offer={offer} onAccepted={welcome} onDead={setDead} />;

  return (
    <SessionCard title="You're invited">
      <p className="session-offer">
        <strong>{offer.invited_by ?? 'Someone'}</strong> invites you to be <strong>{offer.role_label}</strong>
        .
      </p>
      <dl className="session-facts">
        {[
          ['League', offer.league_name],
          ['Team', offer.team_name],
          ['Player', offer.player_name],
          ['For', offer.email],
          ['Valid until', formatDate(offer.expires_at)],
        ]
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {action}
    </SessionCard>
  );
}

/** The failure of an accept: a dead link replaces the page; anything else is said in place. */
function acceptFailure(failure: unknown): { dead: boolean; text: string; status: number } {
  const text = failure instanceof Error && failure.message ? failure.message : ACCEPT_FAILED;
  const status = failure instanceof SessionFailure ? failure.status : 0;
  return { dead: status === 410 || status === 404, text, status };
}

function AcceptAsSignedIn({
  token,
  offer,
  user,
  onAccepted,
  onDead,
}: {
  token: string;
  offer: InvitationView;
  user: StoredUser;
  onAccepted: (user: StoredUser) => void;
  onDead: (text: string) => void;
}) {
  const { logout } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // An older stored session may not know its address: then the name is all there is to show.
  const mine = user.email?.toLowerCase();
  const other = mine !== undefined && mine !== offer.email.toLowerCase();
  const account = user.email ? `${user.name} (${user.email})` : user.name;

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      onAccepted(await startSession(`${invitationPath(token)}/accept`, {}, ACCEPT_FAILED));
    } catch (failure) {
      console.warn(failure); // handled: the page shows it
      const { dead, text } = acceptFailure(failure);
      if (dead) onDead(text);
      else setError(text);
      setBusy(false);
    }
  };

  return (
    <>
      {other ? (
        <p className="session-note" role="note">
          You are signed in as <strong>{account}</strong>, not as {offer.email}. Accepting gives the role to{' '}
          <strong>{account}</strong>.
        </p>
      ) : (
        <p className="muted session-offer">
          Accepting adds the role to your account, <strong>{account}</strong>.
        </p>
      )}
      {error && (
        <p className="session-error" role="alert">
          {error}
        </p>
      )}
      <div className="session-actions">
        <button type="button" className="button button-block" disabled={busy} onClick={() => void accept()}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          {other ? `Accept as ${user.name}` : 'Accept'}
        </button>
        {other && (
          <button
            type="button"
            className="button button-secondary button-block"
            disabled={busy}
            onClick={() => void logout(`/login?next=${encodeURIComponent(`/invite/${token}`)}`)}
          >
            Sign in as {offer.email} instead
          </button>
        )}
      </div>
    </>
  );
}

function SignInFirst({ token, offer }: { token: string; offer: InvitationView }) {
  return (
    <>
      <p className="muted session-offer">
        {offer.email} already has an account. Sign in with it to accept; you come back here afterwards.
      </p>
      <div className="session-actions">
        <Link className="button button-block" to={`/login?next=${encodeURIComponent(`/invite/${token}`)}`}>
          Sign in to accept
        </Link>
      </div>
    </>
  );
}

type Field = 'name' | 'password' | 'confirm';
const LABELS: Record<Field, string> = { name: 'Name', password: 'Password', confirm: 'Confirmation' };

function NewAccount({
  token,
  offer,
  onAccepted,
  onDead,
}: {
  token: string;
  offer: InvitationView;
  onAccepted: (user: StoredUser) => void;
  onDead: (text: string) => void;
}) {
  const [name, setName] = useState(offer.player_name ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const [error, setError] = useState<{ text: string; status: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found: FieldProblems<Field> = {
      ...(!name.trim() && { name: 'Enter your name' }),
      ...checkNewPassword(password, confirm),
    };
    setProblems(found);
    if (found.name || found.password || found.confirm) return;
    setBusy(true);
    try {
      onAccepted(
        await startSession(`${invitationPath(token)}/accept`, { name: name.trim(), password }, ACCEPT_FAILED),
      );
    } catch (failure) {
      console.warn(failure); // handled: the page shows it
      const { dead, text, status } = acceptFailure(failure);
      const onField = serverFieldProblem(text, LABELS);
      if (dead) onDead(text);
      else if (onField) setProblems(onField);
      else setError({ text, status });
      setBusy(false);
    }
  };

  const fix = (field: Field) => setProblems((all) => ({ ...all, [field]: undefined }));
  return (
    <>
      <p className="muted session-offer">Create your account for {offer.email} to accept.</p>
      {error && (
        <p className="session-error" role="alert">
          {error.text}
          {/* The address has an account after all (made since the page loaded). */}
          {error.status === 409 && (
            <>
              {' '}
              <Link to={`/login?next=${encodeURIComponent(`/invite/${token}`)}`}>Sign in</Link>
            </>
          )}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ProblemField
          label="Your name"
          name="name"
          autoComplete="name"
          value={name}
          problem={problems.name}
          onChange={(value) => {
            setName(value);
            fix('name');
          }}
        />
        <ProblemField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters`}
          value={password}
          problem={problems.password}
          onChange={(value) => {
            setPassword(value);
            fix('password');
          }}
        />
        <ProblemField
          label="Confirm password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          problem={problems.confirm}
          onChange={(value) => {
            setConfirm(value);
            fix('confirm');
          }}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Create account and accept
        </button>
      </form>
    </>
  );
}
