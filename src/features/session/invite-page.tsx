/**
 * /invite/:token: the page an invitation link opens. It says who invites the visitor to
 * be what, in which league or team, and takes them in:
 * - no account for the invited address yet: a name and a password make one, signed in;
 * - an account exists: sign in first (the sign-in page brings them back here);
 * - signed in: Accept adds the role to the account signed in, and says which account
 *   that is when it is not the invited address.
 * A link that was used, withdrawn, has expired or was never made says so.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Facts } from '@/components/facts';
import { ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { startSession } from '@/lib/start-session';
import type { StoredUser } from '@/lib/storage';
import { landingPath } from './landing';
import { NewPasswordForm, ProblemField, refusal, useNewPasswordForm, type Refusal } from './new-password';
import { DeadLinkCard, SessionButton, SessionCard } from './session-form';
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
    <DeadLinkCard
      title="This invitation cannot be used"
      text={text}
      advice="Ask the person who invited you to send a new invitation."
    >
      <Link className="button button-secondary button-block" to="/">
        Go to the home page
      </Link>
    </DeadLinkCard>
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
      <Facts
        className="session-facts"
        facts={[
          ['League', offer.league_name],
          ['Team', offer.team_name],
          ['Player', offer.player_name],
          ['For', offer.email],
          ['Valid until', formatDate(offer.expires_at)],
        ]}
      />
      {action}
    </SessionCard>
  );
}

/** An accept's refusal that means the link is dead: it replaces the page; any other is said in place. */
const isDead = ({ status }: Refusal) => status === 410 || status === 404;

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
      const refused = refusal(failure, ACCEPT_FAILED);
      if (isDead(refused)) onDead(refused.text);
      else setError(refused.text);
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
        <SessionButton type="button" busy={busy} onClick={() => void accept()}>
          {other ? `Accept as ${user.name}` : 'Accept'}
        </SessionButton>
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
  const form = useNewPasswordForm<'name'>({
    initial: { name: offer.player_name ?? '' },
    names: { name: 'Name' },
    fallback: ACCEPT_FAILED,
    check: ({ name }) => (name.trim() ? {} : { name: 'Enter your name' }),
    send: async ({ name, password }) =>
      onAccepted(
        await startSession(`${invitationPath(token)}/accept`, { name: name.trim(), password }, ACCEPT_FAILED),
      ),
    refused: (refused) => {
      if (!isDead(refused)) return false;
      onDead(refused.text);
      return true;
    },
  });

  return (
    <>
      <p className="muted session-offer">Create your account for {offer.email} to accept.</p>
      <NewPasswordForm
        form={form}
        labels={{ password: 'Password', confirm: 'Confirm password' }}
        submitLabel="Create account and accept"
        // The address has an account after all (made since the page loaded).
        alertAction={({ status }) =>
          status === 409 && (
            <>
              {' '}
              <Link to={`/login?next=${encodeURIComponent(`/invite/${token}`)}`}>Sign in</Link>
            </>
          )
        }
      >
        <ProblemField
          label="Your name"
          name="name"
          autoComplete="name"
          value={form.values.name}
          problem={form.problems.name}
          onChange={(value) => form.edit('name', value)}
        />
      </NewPasswordForm>
    </>
  );
}
