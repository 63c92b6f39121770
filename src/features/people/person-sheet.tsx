/**
 * One person's sheet on the People screen: their roles (remove one, add one), and their
 * account (lock or unlock, sign out everywhere, a password-reset link to hand over).
 * Every answer replaces what the sheet shows with the server's; every refusal shows the
 * server's reason. Taking a role away, or locking, ends the person's sessions: the
 * questions say so.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ConfirmButton,
  LinkShare,
  MembershipFields,
  failureText,
  useGrantChoices,
} from '@/components/invite-panel';
import { ModalDialog } from '@/components/modal-dialog';
import { formatDate } from '@/lib/format';
import {
  EMPTY_DRAFT,
  leaguesRun,
  makeResetLink,
  membershipOf,
  membershipWords,
  rolesFor,
  sameMembership,
  setLocked,
  setMemberships,
  signOutEverywhere,
  withinReach,
  type DraftErrors,
  type GrantScope,
  type Membership,
  type MembershipDraft,
  type Me,
  type Names,
  type Person,
  type ResetLink,
} from '@/lib/people-api';

/** What a section last heard: a success to announce, or the server's reason for a refusal. */
type Said = { ok: boolean; text: string } | null;

function Message({ said }: { said: Said }) {
  if (!said) return null;
  return said.ok ? (
    <p className="people-said" role="status">
      {said.text}
    </p>
  ) : (
    <p className="people-failure" role="alert">
      {said.text}
    </p>
  );
}

export function PersonSheet({
  person: first,
  me,
  names,
  onClose,
  onChanged,
}: {
  person: Person;
  me: Me;
  names: Names;
  onClose: () => void;
  /** A write went through: the list behind shows the person as they are now. */
  onChanged: () => void;
}) {
  const [person, setPerson] = useState(first);
  const [busy, setBusy] = useState(false);

  /** Runs one write with the dialog held open; resolves its answer, or the reason it failed. */
  const run = async <T,>(
    write: () => Promise<T>,
    fallback: string,
  ): Promise<{ ok: true; value: T } | { ok: false; text: string }> => {
    setBusy(true);
    try {
      const value = await write();
      onChanged();
      return { ok: true, value };
    } catch (error) {
      console.warn(error); // shown in the sheet; logged for support
      return { ok: false, text: failureText(error, fallback) };
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={person.name} subtitle={person.email} onClose={onClose} busy={busy} width="36rem">
      <div className="modal-body people-sheet-body">
        <Roles person={person} me={me} names={names} busy={busy} run={run} onPerson={setPerson} />
        <Account person={person} me={me} busy={busy} run={run} onPerson={setPerson} />
      </div>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}

type Run = <T>(
  write: () => Promise<T>,
  fallback: string,
) => Promise<{ ok: true; value: T } | { ok: false; text: string }>;

function Roles({
  person,
  me,
  names,
  busy,
  run,
  onPerson,
}: {
  person: Person;
  me: Me;
  names: Names;
  busy: boolean;
  run: Run;
  onPerson: (person: Person) => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState<Said>(null);

  const save = async (memberships: Membership[], success: string): Promise<boolean> => {
    setSaid(null);
    const result = await run(() => setMemberships(person.id, memberships), 'The roles could not be saved.');
    if (result.ok) {
      onPerson(result.value);
      setSaid({ ok: true, text: success });
    } else setSaid({ ok: false, text: result.text });
    return result.ok;
  };

  const remove = async (m: Membership) => {
    const words = membershipWords(m, names);
    if (
      await save(
        person.memberships.filter((other) => !sameMembership(other, m)),
        `Removed: ${words}`,
      )
    ) {
      // The row and its buttons are gone: focus goes back to the list's heading.
      heading.current?.focus();
    }
  };

  return (
    <section className="people-section" aria-labelledby={headingId}>
      <h3 ref={heading} id={headingId} tabIndex={-1} className="people-section-title">
        Roles
      </h3>
      {person.memberships.length === 0 ? (
        <p className="people-note">No roles: they see what any fan sees.</p>
      ) : (
        <ul className="people-sheet-roles">
          {person.memberships.map((m) => {
            const words = membershipWords(m, names);
            const mine = withinReach(me.memberships, m, names);
            return (
              <li key={`${m.role}:${m.league_id ?? ''}:${m.team_id ?? ''}`} className="people-sheet-role">
                <span className="people-sheet-role-words">{words}</span>
                {mine === true && (
                  <ConfirmButton
                    label="Remove"
                    name={`Remove ${words}`}
                    question={`Remove ${words}? ${person.name} is signed out everywhere.`}
                    confirmLabel="Remove"
                    danger
                    disabled={busy}
                    onConfirm={() => remove(m)}
                  />
                )}
                {mine === false && <span className="people-note">Outside the leagues you run</span>}
              </li>
            );
          })}
        </ul>
      )}
      <Message said={said} />
      <AddRole
        person={person}
        me={me}
        busy={busy}
        onAdd={(m) => save([...person.memberships, m], `Added: ${membershipWords(m, names)}`)}
      />
    </section>
  );
}

function AddRole({
  person,
  me,
  busy,
  onAdd,
}: {
  person: Person;
  me: Me;
  busy: boolean;
  onAdd: (m: Membership) => Promise<boolean>;
}) {
  const id = useId();
  const leagues = leaguesRun(me.memberships);
  const scope: GrantScope = leagues === 'all' ? { kind: 'site' } : { kind: 'leagues', leagueIds: leagues };
  const choices = useGrantChoices(scope);
  const [draft, setDraft] = useState<MembershipDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = membershipOf(draft, scope);
    if (!chosen.membership) {
      setErrors(chosen.errors);
      const first = (['role', 'league', 'team'] as const).find((key) => chosen.errors[key]);
      document.getElementById(`${id}-${first ?? 'role'}`)?.focus();
      return;
    }
    const m = chosen.membership;
    if (
      person.memberships.some(
        (old) => old.role === m.role && old.league_id === m.league_id && old.team_id === m.team_id,
      )
    ) {
      setErrors({ role: `${person.name} has this role already` });
      document.getElementById(`${id}-role`)?.focus();
      return;
    }
    setErrors({});
    if (await onAdd(m)) setDraft(EMPTY_DRAFT);
  };

  return (
    <form className="people-add" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h4 id={`${id}-title`} className="people-add-title">
        Add a role
      </h4>
      <div className="invite-fields">
        <MembershipFields
          id={id}
          scope={scope}
          roles={rolesFor(scope, me.memberships)}
          choices={choices}
          draft={draft}
          errors={errors}
          disabled={busy}
          onChange={(next, fixed) => {
            setDraft(next);
            if (fixed) setErrors((all) => ({ ...all, [fixed]: undefined }));
          }}
        />
      </div>
      <div className="people-add-actions">
        <button type="submit" className="button" disabled={busy}>
          Add role
        </button>
      </div>
    </form>
  );
}

function Account({
  person,
  me,
  busy,
  run,
  onPerson,
}: {
  person: Person;
  me: Me;
  busy: boolean;
  run: Run;
  onPerson: (person: Person) => void;
}) {
  const headingId = useId();
  const [said, setSaid] = useState<Said>(null);
  const [reset, setReset] = useState<ResetLink | null>(null);
  const resetHeading = useRef<HTMLParagraphElement>(null);
  const resetBox = useRef<HTMLDivElement>(null);
  const self = person.id === me.id;

  useEffect(() => {
    if (!reset) return;
    // The link lands below the buttons, often past the sheet's fold on a phone: bring it in.
    resetHeading.current?.focus({ preventScroll: true });
    resetBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reset]);

  const lock = async (locked: boolean) => {
    setSaid(null);
    const result = await run(() => setLocked(person.id, locked), 'The account could not be changed.');
    if (result.ok) {
      onPerson(result.value);
      setSaid({
        ok: true,
        text: locked
          ? `${person.name} is locked out and signed out everywhere`
          : `${person.name} can sign in again`,
      });
    } else setSaid({ ok: false, text: result.text });
  };

  const signOut = async () => {
    setSaid(null);
    const result = await run(() => signOutEverywhere(person.id), 'They could not be signed out.');
    setSaid(result.ok ? { ok: true, text: result.value.detail } : { ok: false, text: result.text });
  };

  const makeLink = async () => {
    setSaid(null);
    setReset(null);
    const result = await run(() => makeResetLink(person.id), 'The link could not be made.');
    if (result.ok) setReset(result.value);
    else setSaid({ ok: false, text: result.text });
  };

  return (
    <section className="people-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="people-section-title">
        Account
      </h3>
      <p className="people-note">
        {person.locked ? (
          <>
            <span className="badge people-locked">Locked</span> {person.name} cannot sign in.
          </>
        ) : (
          `${person.name} can sign in.`
        )}
      </p>
      <div className="people-account-actions">
        {!self &&
          (person.locked ? (
            <button
              type="button"
              className="button button-secondary confirm-button"
              disabled={busy}
              onClick={() => void lock(false)}
            >
              Unlock account
            </button>
          ) : (
            <ConfirmButton
              label="Lock account"
              question={`Lock ${person.name} out? They are signed out everywhere and cannot sign in until unlocked.`}
              confirmLabel="Lock"
              danger
              disabled={busy}
              onConfirm={() => lock(true)}
            />
          ))}
        <ConfirmButton
          label="Sign out everywhere"
          question={`Sign ${person.name} out on every device?`}
          confirmLabel="Sign out"
          disabled={busy}
          onConfirm={signOut}
        />
        <button
          type="button"
          className="button button-secondary confirm-button"
          disabled={busy}
          onClick={() => void makeLink()}
        >
          Make a password-reset link
        </button>
      </div>
      <Message said={said} />
      {reset && (
        <div ref={resetBox} className="people-reset">
          <p ref={resetHeading} tabIndex={-1} className="people-reset-title">
            A password-reset link for {person.name}
          </p>
          <LinkShare
            link={reset.link}
            label="Password-reset link"
            shareTitle="Touchline password reset"
            shareText={`${person.name}, choose a new Touchline password here:`}
            note={`Works once, for one hour (until ${formatDate(reset.expires_at)}). Making another link stops this one.`}
          />
        </div>
      )}
    </section>
  );
}
