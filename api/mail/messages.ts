/**
 * The e-mails the server writes, each as a subject, a plain-text part and an HTML part
 * saying the same. The league's name is in the subject and the body, so the mail is
 * recognised among others. The link is written out in full in both parts (a reader whose
 * client shows no HTML, or who checks where a link goes, sees it); nothing is loaded
 * from elsewhere and no link passes through a redirect: no tracking of any kind.
 *
 * Names come from users: the HTML part escapes everything it inserts, and the subject
 * takes them on one line.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface InvitationMail {
  leagueName: string;
  /** Who sent the invitation, as they are named in the league. */
  inviterName: string;
  /** The role, as the app names it: "coach", "league administrator". */
  roleLabel: string;
  /** What the role is of (a team, a league); null for a role over the whole site. */
  scopeName: string | null;
  /** The absolute link that accepts the invitation. */
  link: string;
  expiresAt: Date | string;
}

export interface PasswordResetMail {
  /** The account's name, as it greets them. */
  name: string;
  /** The league the account belongs to, named in the mail; without one, the site's name alone. */
  leagueName?: string | null;
  /** The absolute link that sets a new password. */
  link: string;
  expiresAt: Date | string;
}

export function invitationMail(mail: InvitationMail): MailContent {
  const league = oneLine(mail.leagueName);
  const inviter = oneLine(mail.inviterName);
  const role = oneLine(mail.roleLabel);
  const scope = mail.scopeName === null ? null : oneLine(mail.scopeName);
  const link = absoluteLink(mail.link);
  const expires = whenText(mail.expiresAt);
  const asWhat = scope === null ? `as ${role}` : `as ${role} of ${scope}`;
  const text = [
    'Hello,',
    '',
    `${inviter} has invited you to join ${league} on Touchline ${asWhat}.`,
    '',
    'To accept, open this link:',
    '',
    link,
    '',
    `The link can be used once and expires on ${expires}.`,
    'If you did not expect this invitation, you can ignore this e-mail: nothing happens until the link is opened.',
    '',
    `${league} on Touchline`,
  ].join('\n');
  const html = page(`${league} on Touchline`, [
    paragraph('Hello,'),
    paragraph(
      `${escapeHtml(inviter)} has invited you to join <strong>${escapeHtml(league)}</strong> on Touchline ${escapeHtml(asWhat)}.`,
    ),
    paragraph('To accept, open this link:'),
    linkParagraph(link),
    paragraph(`The link can be used once and expires on ${escapeHtml(expires)}.`),
    paragraph(
      'If you did not expect this invitation, you can ignore this e-mail: nothing happens until the link is opened.',
    ),
  ]);
  return { subject: `${league}: ${inviter} invited you to join ${asWhat}`, text, html };
}

export function passwordResetMail(mail: PasswordResetMail): MailContent {
  const league = oneLine(mail.leagueName ?? '') || 'Touchline';
  // "your Touchline account on Touchline" would say it twice.
  const onTouchline = league === 'Touchline' ? '' : ' on Touchline';
  const where = `${league}${onTouchline}`;
  const name = oneLine(mail.name);
  const link = absoluteLink(mail.link);
  const expires = whenText(mail.expiresAt);
  const text = [
    name === '' ? 'Hello,' : `Hello ${name},`,
    '',
    `Someone asked to reset the password of your ${league} account${onTouchline}.`,
    'To choose a new password, open this link:',
    '',
    link,
    '',
    `The link can be used once and expires on ${expires}.`,
    'If it was not you, ignore this e-mail: your password stays as it is.',
    '',
    where,
  ].join('\n');
  const html = page(where, [
    paragraph(name === '' ? 'Hello,' : `Hello ${escapeHtml(name)},`),
    paragraph(
      `Someone asked to reset the password of your <strong>${escapeHtml(league)}</strong> account${onTouchline}.`,
    ),
    paragraph('To choose a new password, open this link:'),
    linkParagraph(link),
    paragraph(`The link can be used once and expires on ${escapeHtml(expires)}.`),
    paragraph('If it was not you, ignore this e-mail: your password stays as it is.'),
  ]);
  return { subject: `${league}: reset your password`, text, html };
}

/** A notification sent by e-mail too: what the bell says, and the page it opens. */
export interface NoticeMail {
  leagueName: string;
  /** The recipient's name, as it greets them. */
  name: string;
  title: string;
  body: string;
  /** The absolute link of the page the notification opens. */
  link: string;
}

export function noticeMail(mail: NoticeMail): MailContent {
  const league = oneLine(mail.leagueName) || 'Touchline';
  const name = oneLine(mail.name);
  const title = oneLine(mail.title);
  const body = oneLine(mail.body);
  const link = absoluteLink(mail.link);
  const greeting = name === '' ? 'Hello,' : `Hello ${name},`;
  const footer = 'To stop these messages, mute them in your notification settings on Touchline.';
  const text = [
    greeting,
    '',
    body,
    '',
    'Open it on Touchline:',
    '',
    link,
    '',
    footer,
    '',
    `${league} on Touchline`,
  ].join('\n');
  const html = page(`${league} on Touchline`, [
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(body)),
    paragraph('Open it on Touchline:'),
    linkParagraph(link),
    paragraph(escapeHtml(footer)),
  ]);
  return { subject: `${league}: ${title}`, text, html };
}

/** Escapes text for HTML content and attribute values (double- or single-quoted). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A name on one line: a subject header, a sentence (a name could hold line breaks or control characters). */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** Only an absolute http(s) link goes into a mail: never a relative one, never javascript:. */
function absoluteLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new Error('A mail link must be an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('A mail link must be http or https');
  return url.href;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The expiry in words, in UTC ("Monday 22 June 2026 at 18:30 UTC"): the server does not
 * know the reader's time zone, and a time without its zone would mislead. Spelled out
 * here rather than by Intl, whose wording changes with the ICU version.
 */
function whenText(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new Error('A mail expiry must be a date');
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day} at ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

function paragraph(html: string): string {
  return `<p style="margin:0 0 16px">${html}</p>`;
}

function linkParagraph(link: string): string {
  const escaped = escapeHtml(link);
  return `<p style="margin:0 0 16px;word-break:break-all"><a href="${escaped}">${escaped}</a></p>`;
}

/** A whole document, signed with `title`: inline styles only, nothing fetched. */
function page(title: string, body: readonly string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1b1f1d;background:#ffffff">',
    '<div style="max-width:560px;margin:0 auto">',
    ...body,
    `<p style="margin:24px 0 0;color:#4a524e;font-size:14px">${escapeHtml(title)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
