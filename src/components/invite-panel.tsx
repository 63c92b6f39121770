/**
 * Bringing someone in by e-mail: the invite form (an address, a role the caller may give,
 * its team or league, for a player an optional roster record), the link it makes with
 * Copy and Share (for when e-mail is not set up, or to send it over a chat), and the
 * pending invitations with their e-mail state and a Withdraw. The People screen mounts
 * it for the site or a league; team management may mount it for one team.
 *
 * Also home to the parts the People screen's person sheet shares with it: the
 * membership fields, a link with Copy and Share, and a button that asks first.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorMessage, Loading } from '@/components/status';
import { useApi, type ApiState } from '@/hooks/use-api';
import { ApiError, isAbort } from '@/lib/api-client';
import type { League, RosterPlayer, TeamSummary } from '@/lib/api-types';
import { formatDate } from '@/lib/format';
import {
  EMPTY_DRAFT,
  createInvitation,
  emailWords,
  grantScopeOf,
  invitationsPath,
  leagueName,
  membershipOf,
  roleWords,
  rolesFor,
  ROLE_NAMES,
  withdrawInvitation,
  type CreatedInvitation,
  type DraftErrors,
  type EmailStatus,
  type GrantScope,
  type Invitation,
  type InviteScope,
  type Membership,
  type MembershipDraft,
} from '@/lib/people-api';
import './invite-panel.css';

/** The server's detail, or the fallback (a network failure has none). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.detailText(fallback) : fallback;
}

// ---------------------------------------------------------------------------------
// A button that asks first

/**
 * A button whose action is confirmed in place: the question and the confirming button
 * take its spot (focus moves to them), Cancel brings it back. Not window.confirm: it
 * reads the same on a phone and to a screen reader, and can be tested.
 */
export function ConfirmButton({
  label,
  name,
  question,
  confirmLabel,
  onConfirm,
  disabled = false,
  danger = false,
}: {
  label: string;
  /** The button's accessible name, when the label alone does not say what it acts on. */
  name?: string;
  question: string;
  confirmLabel: string;
  /** Resolves once done; the question stays until then. */
  onConfirm: () => Promise<void>;
  disabled?: boolean;
  danger?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const focusOpener = useRef(false);
  const questionId = useId();

  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (focusOpener.current) {
      focusOpener.current = false;
      opener.current?.focus();
    }
  }, [asking]);

  const dangerClass = danger ? ' confirm-danger' : '';
  if (!asking) {
    return (
      <button
        ref={opener}
        type="button"
        className={`button button-secondary confirm-button${dangerClass}`}
        aria-label={name}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  const back = () => {
    focusOpener.current = true;
    setAsking(false);
  };
  return (
    <span className="confirm" role="group" aria-labelledby={questionId}>
      <span id={questionId} className="confirm-question">
        {question}
      </span>
      <span className="confirm-actions">
        <button
          ref={confirm}
          type="button"
          className={`button confirm-button${dangerClass}`}
          disabled={working || disabled}
          onClick={() => {
            setWorking(true);
            void onConfirm().finally(() => {
              // A row that went away takes the question with it; one that stays asks no more.
              setWorking(false);
              back();
            });
          }}
        >
          {working ? 'Working…' : confirmLabel}
        </button>
        <button
          type="button"
          className="button button-secondary confirm-button"
          disabled={working}
          onClick={back}
        >
          Cancel
        </button>
      </span>
    </span>
  );
}

// ---------------------------------------------------------------------------------
// A link with Copy and Share

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Copies with the clipboard API, else (no secure context: an address on the local network) the old way. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission): try the old way
  }
  try {
    input?.select();
    // The only copy there is without a secure context; deprecated, but still everywhere.
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** A link to hand over: shown in full (selectable), with Copy and, where the device has one, Share. */
export function LinkShare({
  link,
  label,
  shareTitle,
  shareText,
  note,
}: {
  link: string;
  label: string;
  shareTitle: string;
  shareText: string;
  note?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');

  const copy = async () => {
    if (await copyText(link, input.current)) setSaid('Link copied');
    else {
      input.current?.select();
      setSaid('Could not copy: the link is selected, copy it from there');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: shareTitle, text: shareText, url: link });
      setSaid('');
    } catch (error) {
      // Closing the share sheet is no failure.
      if (!isAbort(error)) setSaid('Could not share: copy the link instead');
    }
  };

  return (
    <div className="link-share">
      <label htmlFor={id} className="link-share-label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="link-share-input"
        type="text"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="link-share-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy link
        </button>
        {canShare() && (
          <button type="button" className="button button-secondary" onClick={() => void share()}>
            Share link
          </button>
        )}
      </div>
      {note && <p className="link-share-note">{note}</p>}
      <p className="link-share-said" role="status">
        {said}
      </p>
    </div>
  );
}

// ---------------------------------------------------------------------------------
// The membership fields

/** The leagues and teams a scope offers, loaded when it needs them (public reads, kept 5 minutes). */
export function useGrantChoices(scope: GrantScope) {
  const needs = scope.kind !== 'team';
  const leagues = useApi<{ leagues: League[] }>(needs ? '/api/leagues' : null, { cache: true });
  const teams = useApi<{ teams: TeamSummary[] }>(needs ? '/api/teams' : null, { cache: true });
  const inScope = (leagueId: string | null) =>
    scope.kind === 'site' ||
    (scope.kind === 'leagues' && leagueId !== null && scope.leagueIds.includes(leagueId));
  return {
    leagues: leagues.data?.leagues.filter((league) => inScope(league.league_id)) ?? [],
    teams: teams.data?.teams.filter((team) => inScope(team.league_id)) ?? [],
    loading: leagues.loading || teams.loading,
    error: leagues.error ?? teams.error,
    reload: () => {
      if (leagues.error) leagues.reload();
      if (teams.error) teams.reload();
    },
  };
}

type Choices = ReturnType<typeof useGrantChoices>;

/**
 * Role, then what the role needs: a league (league admin), a team (staff, player), and
 * for a player an optional roster record to link the account to. A scope of one league
 * or one team is taken as chosen and not asked.
 */
export function MembershipFields({
  id,
  scope,
  roles,
  choices,
  draft,
  errors,
  disabled = false,
  onChange,
}: {
  /** The fields' ids start with it: `${id}-role`, `${id}-league`, `${id}-team`, `${id}-player`. */
  id: string;
  scope: GrantScope;
  roles: readonly Membership['role'][];
  choices: Choices;
  draft: MembershipDraft;
  errors: DraftErrors;
  disabled?: boolean;
  /** The new choices, and the field whose error they mend. */
  onChange: (draft: MembershipDraft, fixed?: keyof DraftErrors) => void;
}) {
  const { role } = draft;
  const askLeague = role === 'league_admin' && !(scope.kind === 'leagues' && scope.leagueIds.length === 1);
  const askTeam = (role === 'coach' || role === 'owner' || role === 'player') && scope.kind !== 'team';
  const teamId = scope.kind === 'team' ? scope.teamId : draft.teamId;
  const roster = useApi<{ players: RosterPlayer[] }>(
    role === 'player' && teamId ? `/api/teams/${encodeURIComponent(teamId)}/roster` : null,
    { cache: true },
  );

  const control = (key: keyof DraftErrors) => ({
    id: `${id}-${key}`,
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
    disabled,
  });
  const error = (key: keyof DraftErrors) =>
    errors[key] && (
      <span id={`${id}-${key}-error`} className="invite-field-error">
        {errors[key]}
      </span>
    );

  return (
    <>
      <div className="field invite-field">
        <label htmlFor={`${id}-role`}>Role</label>
        <select
          {...control('role')}
          value={role}
          onChange={(event) =>
            onChange({ ...draft, role: event.target.value as MembershipDraft['role'], playerId: '' }, 'role')
          }
        >
          <option value="">Choose a role</option>
          {roles.map((option) => (
            <option key={option} value={option}>
              {ROLE_NAMES[option]}
            </option>
          ))}
        </select>
        {error('role')}
      </div>
      {(askLeague || askTeam) && choices.error !== undefined && (
        <ErrorMessage onRetry={choices.reload}>
          {failureText(choices.error, 'Failed to load the leagues and teams.')}
        </ErrorMessage>
      )}
      {askLeague && (
        <div className="field invite-field">
          <label htmlFor={`${id}-league`}>League</label>
          <select
            {...control('league')}
            value={draft.leagueId}
            onChange={(event) => onChange({ ...draft, leagueId: event.target.value }, 'league')}
          >
            <option value="">{choices.loading ? 'Loading leagues…' : 'Choose a league'}</option>
            {choices.leagues.map((league) => (
              <option key={league.league_id} value={league.league_id}>
                {leagueName(league)}
              </option>
            ))}
          </select>
          {error('league')}
        </div>
      )}
      {askTeam && (
        <div className="field invite-field">
          <label htmlFor={`${id}-team`}>Team</label>
          <select
            {...control('team')}
            value={draft.teamId}
            onChange={(event) => onChange({ ...draft, teamId: event.target.value, playerId: '' }, 'team')}
          >
            <option value="">{choices.loading ? 'Loading teams…' : 'Choose a team'}</option>
            {choices.teams.map((team) => (
              <option key={team.team_id} value={team.team_id}>
                {team.team_name}
              </option>
            ))}
          </select>
          {error('team')}
        </div>
      )}
      {role === 'player' && teamId !== '' && (
        <div className="field invite-field">
          <label htmlFor={`${id}-player`}>Link to roster player (optional)</label>
          <select
            id={`${id}-player`}
            value={draft.playerId}
            disabled={disabled || roster.data === undefined}
            aria-describedby={roster.error ? `${id}-player-error` : undefined}
            onChange={(event) => onChange({ ...draft, playerId: event.target.value })}
          >
            <option value="">{roster.loading ? 'Loading the roster…' : 'Not linked'}</option>
            {roster.data?.players.map((player) => (
              <option key={player.id} value={player.id}>
                {player.name} (#{player.number})
              </option>
            ))}
          </select>
          {roster.error && (
            <span id={`${id}-player-error`} className="invite-field-error">
              {failureText(roster.error, 'The roster could not be loaded')}{' '}
              <button type="button" className="invite-inline-button" onClick={roster.reload}>
                Try again
              </button>
            </span>
          )}
        </div>
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------
// The invite panel

/** How an e-mail state looks: sent is good news, trouble a warning, queued neither. */
function emailClass(status: EmailStatus): string {
  if (status === 'sent') return 'invite-email-state invite-email-sent';
  if (status === 'queued') return 'invite-email-state';
  return 'invite-email-state invite-email-warning';
}

/** What the result says of the e-mail, right after the invitation was made. */
function createdEmailWords(status: EmailStatus): string {
  if (status === 'not_configured') return 'E-mail is not set up: copy or share the link';
  if (status === 'failed') return 'E-mail could not be sent: copy or share the link';
  return emailWords(status);
}

export interface InvitePanelProps {
  /** Where the invitations bring people in: one team, one league, or anywhere (a super admin). */
  scope: InviteScope;
  /**
   * The signed-in user's memberships (GET /api/auth/me), when the screen has them: the
   * super admin role is offered only to a super admin. Without them the scope decides.
   */
  memberships?: readonly Membership[];
  /** The panel's heading (an h2). */
  title?: string;
}

export function InvitePanel({ scope, memberships, title = 'Invite someone' }: InvitePanelProps) {
  const headingId = useId();
  const pending = useApi<{ invitations: Invitation[] }>(invitationsPath(scope));
  return (
    <section className="card invite-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="invite-title">
        {title}
      </h2>
      <InviteForm scope={scope} memberships={memberships} onInvited={pending.reload} />
      <PendingInvitations state={pending} />
    </section>
  );
}

function InviteForm({
  scope,
  memberships,
  onInvited,
}: {
  scope: InviteScope;
  memberships: readonly Membership[] | undefined;
  onInvited: () => void;
}) {
  const id = useId();
  const grant = grantScopeOf(scope);
  const choices = useGrantChoices(grant);
  const [email, setEmail] = useState('');
  const [draft, setDraft] = useState<MembershipDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors & { email?: string }>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const [created, setCreated] = useState<{ email: string; answer: CreatedInvitation } | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // A new scope (another league chosen above the panel) starts afresh.
  const scopeKey = JSON.stringify(scope);
  const [shownScope, setShownScope] = useState(scopeKey);
  if (shownScope !== scopeKey) {
    setShownScope(scopeKey);
    setDraft(EMPTY_DRAFT);
    setErrors({});
    setFailure('');
    setCreated(null);
  }

  useEffect(() => {
    if (created) resultHeading.current?.focus();
  }, [created]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const chosen = membershipOf(draft, grant);
    const found = {
      ...(!/^[^\s@]+@[^\s@]+$/.test(address) && { email: 'Enter an e-mail address' }),
      ...chosen.errors,
    };
    setErrors(found);
    const first = (['email', 'role', 'league', 'team'] as const).find((key) => found[key]);
    if (first !== undefined || !chosen.membership) {
      document.getElementById(`${id}-${first ?? 'role'}`)?.focus();
      return;
    }
    setSending(true);
    setFailure('');
    try {
      const answer = await createInvitation({ email: address, ...chosen.membership });
      setCreated({ email: address, answer });
      setEmail('');
      setDraft((current) => ({ ...current, playerId: '' }));
      onInvited();
    } catch (error) {
      console.warn(error); // shown in the form; logged for support
      setFailure(failureText(error, 'The invitation could not be made. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <form className="invite-form" noValidate aria-label="Invitation" onSubmit={submit}>
        <div className="invite-fields">
          <div className="field invite-field">
            <label htmlFor={`${id}-email`}>E-mail</label>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              disabled={sending}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors((all) => ({ ...all, email: undefined }));
              }}
            />
            {errors.email && (
              <span id={`${id}-email-error`} className="invite-field-error">
                {errors.email}
              </span>
            )}
          </div>
          <MembershipFields
            id={id}
            scope={grant}
            roles={rolesFor(grant, memberships)}
            choices={choices}
            draft={draft}
            errors={errors}
            disabled={sending}
            onChange={(next, fixed) => {
              setDraft(next);
              if (fixed) setErrors((all) => ({ ...all, [fixed]: undefined }));
            }}
          />
        </div>
        {failure && (
          <p className="invite-failure" role="alert">
            {failure}
          </p>
        )}
        <div className="invite-actions">
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
      {created && (
        <div className="invite-result">
          <h3 ref={resultHeading} tabIndex={-1} className="invite-result-title">
            Invitation made for {created.email}
          </h3>
          <p className={emailClass(created.answer.email_status)}>
            {createdEmailWords(created.answer.email_status)}
          </p>
          <LinkShare
            link={created.answer.link}
            label="Invitation link"
            shareTitle="Touchline invitation"
            shareText="You are invited to Touchline. Open the link to join:"
            note={`Works once, until ${formatDate(created.answer.expires_at)}. It is shown only now.`}
          />
        </div>
      )}
    </>
  );
}

function PendingInvitations({ state }: { state: ApiState<{ invitations: Invitation[] }> }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  let body: ReactNode;
  if (state.error) {
    body = (
      <ErrorMessage onRetry={state.reload}>
        {failureText(state.error, 'Failed to load the pending invitations.')}
      </ErrorMessage>
    );
  } else if (state.data === undefined) {
    body = <Loading label="Loading invitations..." />;
  } else if (state.data.invitations.length === 0) {
    body = <p className="invite-none">No pending invitations.</p>;
  } else {
    body = (
      <ul className="invite-list" aria-labelledby={headingId}>
        {state.data.invitations.map((invitation) => (
          <PendingRow
            key={invitation.id}
            invitation={invitation}
            onWithdrawn={(detail) => {
              setSaid(detail);
              // The row's buttons are gone: focus stays in the list's neighbourhood, not on the page's end.
              heading.current?.focus();
              state.reload();
            }}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="invite-pending">
      <h3 ref={heading} id={headingId} tabIndex={-1} className="invite-subtitle">
        Pending invitations
      </h3>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {body}
    </div>
  );
}

function PendingRow({
  invitation,
  onWithdrawn,
}: {
  invitation: Invitation;
  onWithdrawn: (detail: string) => void;
}) {
  const [failure, setFailure] = useState('');
  const [withdrawn, setWithdrawn] = useState(false);
  const role = roleWords(invitation.role, invitation.scope_name);
  const trouble = invitation.email_status === 'failed' || invitation.email_status === 'retrying';
  const withdraw = async () => {
    setFailure('');
    try {
      const answer = await withdrawInvitation(invitation.id);
      setWithdrawn(true);
      onWithdrawn(answer.detail);
    } catch (error) {
      console.warn(error); // shown in the row; logged for support
      setFailure(failureText(error, 'The invitation could not be withdrawn. Please try again.'));
    }
  };
  return (
    <li className={withdrawn ? 'invite-row invite-row-gone' : 'invite-row'}>
      <div className="invite-row-main">
        <span className="invite-row-email">{invitation.email}</span>
        <span className="invite-row-role">
          {role}
          {invitation.player_name && `, linked to ${invitation.player_name}`}
        </span>
        <span className="invite-row-meta">
          {invitation.invited_by ? `Invited by ${invitation.invited_by}, expires ` : 'Expires '}
          {formatDate(invitation.expires_at)}
        </span>
        <span className={emailClass(invitation.email_status)}>
          {emailWords(invitation.email_status)}
          {trouble && invitation.email_error && `: ${invitation.email_error}`}
        </span>
      </div>
      <div className="invite-row-actions">
        {withdrawn ? (
          <span className="invite-row-meta">Withdrawn</span>
        ) : (
          <ConfirmButton
            label="Withdraw"
            name={`Withdraw the invitation to ${invitation.email}`}
            question={`Withdraw the invitation to ${invitation.email}? Its link stops working.`}
            confirmLabel="Withdraw"
            danger
            onConfirm={withdraw}
          />
        )}
      </div>
      {failure && (
        <p className="invite-failure" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}
