/**
 * The e-mails' words: both parts name the league and write the link out in full, the
 * HTML part escapes every name it inserts and loads nothing from elsewhere, a name cannot
 * break the subject onto another line, and only an absolute http(s) link is taken. The
 * sealing of queued mail: it opens only with its secret and for its own row.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, invitationMail, passwordResetMail } from '../../api/mail/messages';
import { sealMessage, unsealMessage, UnsealError } from '../../api/mail/seal';

const LINK = 'https://league.example.test/invitations/accept?x=1&y=2#token=abc';
const EXPIRES = new Date('2026-06-22T18:30:00.000Z');

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
}

describe('invitationMail', () => {
  const mail = invitationMail({
    leagueName: 'Riverside Sunday League',
    inviterName: 'Ann Admin',
    roleLabel: 'coach',
    scopeName: 'Riverside Rovers',
    link: LINK,
    expiresAt: EXPIRES,
  });

  it('names the league, the inviter, the role and its scope, in the subject and both parts', () => {
    expect(mail.subject).toBe(
      'Riverside Sunday League: Ann Admin invited you to join as coach of Riverside Rovers',
    );
    expect(mail.text).toContain(
      'Ann Admin has invited you to join Riverside Sunday League on Touchline as coach of Riverside Rovers.',
    );
    expect(mail.html).toContain('<strong>Riverside Sunday League</strong>');
    expect(mail.html).toContain('as coach of Riverside Rovers');
  });

  it('writes the link out in full in both parts, links only it, and loads nothing', () => {
    expect(mail.text.split('\n')).toContain(LINK);
    expect(hrefs(mail.html)).toEqual([LINK]);
    expect(mail.html).toContain(`>${escapeHtml(LINK)}</a>`);
    expect(mail.html).not.toMatch(/<img|<script|src=|url\(|<link/i);
  });

  it('says when the link expires, in UTC', () => {
    expect(mail.text).toContain('expires on Monday 22 June 2026 at 18:30 UTC');
    expect(mail.html).toContain('expires on Monday 22 June 2026 at 18:30 UTC');
    expect(invitationMail({ ...baseInvitation(), expiresAt: EXPIRES.toISOString() }).text).toContain(
      'Monday 22 June 2026 at 18:30 UTC',
    );
  });

  it('leaves the scope out for a role over the whole site', () => {
    const site = invitationMail({ ...baseInvitation(), roleLabel: 'super admin', scopeName: null });
    expect(site.subject).toBe('Riverside Sunday League: Ann Admin invited you to join as super admin');
  });

  it('escapes names in the HTML part and keeps them on one line in the subject', () => {
    const hostile = invitationMail({
      ...baseInvitation(),
      leagueName: '<script>alert(1)</script> & "Co"',
      inviterName: "Ann\r\nBcc: victim@example.test O'Neil",
      scopeName: '<img src=x onerror=alert(1)>',
    });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(hostile.html).toContain('O&#39;Neil');
    expect(hostile.subject).not.toMatch(/[\r\n]/);
    expect(hostile.subject).toContain("Ann Bcc: victim@example.test O'Neil");
    expect(hrefs(hostile.html)).toEqual([LINK]);
  });

  it('takes only an absolute http(s) link', () => {
    expect(() => invitationMail({ ...baseInvitation(), link: '/invitations/accept#token=abc' })).toThrow(
      /absolute/,
    );
    expect(() => invitationMail({ ...baseInvitation(), link: 'javascript:alert(1)' })).toThrow(
      /http or https/,
    );
    expect(() => invitationMail({ ...baseInvitation(), expiresAt: 'not a date' })).toThrow(/date/);
  });
});

describe('passwordResetMail', () => {
  it('greets the account, names the league, and writes the link out', () => {
    const mail = passwordResetMail({
      name: 'Pat <Player>',
      leagueName: 'Riverside Sunday League',
      link: LINK,
      expiresAt: EXPIRES,
    });
    expect(mail.subject).toBe('Riverside Sunday League: reset your password');
    expect(mail.text.startsWith('Hello Pat <Player>,\n')).toBe(true);
    expect(mail.text).toContain('your Riverside Sunday League account on Touchline');
    expect(mail.text.split('\n')).toContain(LINK);
    expect(mail.html).toContain('Hello Pat &lt;Player&gt;,');
    expect(hrefs(mail.html)).toEqual([LINK]);
    expect(mail.text).toContain('expires on Monday 22 June 2026 at 18:30 UTC');
  });

  it('names the site alone for an account of no league', () => {
    const mail = passwordResetMail({ name: '', link: LINK, expiresAt: EXPIRES });
    expect(mail.subject).toBe('Touchline: reset your password');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.text).toContain('your Touchline account.');
    expect(mail.text).not.toContain('Touchline on Touchline');
  });
});

describe('sealing', () => {
  const secret = 'a-token-secret-a-token-secret-0123456789';
  const context = { kind: 'invitation', refId: 'inv-1', to: 'coach@example.test' };
  const message = { subject: 'Subject', text: `Open ${LINK}`, html: `<a href="${LINK}">` };

  it('opens with its secret for its own row only', () => {
    const sealed = sealMessage(secret, context, message);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('token=abc');
    // A new nonce each time.
    expect(sealMessage(secret, context, message)).not.toBe(sealed);
    expect(unsealMessage(secret, context, sealed)).toEqual(message);
    expect(() => unsealMessage(`${secret}-other`, context, sealed)).toThrow(UnsealError);
    expect(() => unsealMessage(secret, { ...context, to: 'attacker@example.test' }, sealed)).toThrow(
      UnsealError,
    );
    expect(() => unsealMessage(secret, { ...context, refId: 'inv-2' }, sealed)).toThrow(UnsealError);
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => unsealMessage(secret, context, tampered)).toThrow(UnsealError);
    expect(() => unsealMessage(secret, context, 'plain text')).toThrow(UnsealError);
  });
});

function baseInvitation() {
  return {
    leagueName: 'Riverside Sunday League',
    inviterName: 'Ann Admin',
    roleLabel: 'coach',
    scopeName: 'Riverside Rovers' as string | null,
    link: LINK,
    expiresAt: EXPIRES as Date | string,
  };
}
