/**
 * A small, tolerant reader of RSS (2.0 and 1.0) and Atom feeds, of the HTML pages that
 * point at them, and of YouTube channel pages. Regular expressions over the text rather
 * than an XML parser: club websites often serve feeds that are not well-formed, and one
 * broken item should not cost the others. Anyone can point team_news at a document of
 * their making, so every scan is linear in the text (indexOf, no backtracking over
 * unbounded spans): a hostile megabyte must not hold the event loop. Pure functions.
 */

/** A news item as the API answers it (spec section 3, "News item"). */
export interface FeedItem {
  title: string;
  link: string;
  image: string;
  description: string;
  /** ISO 8601, or '' when the feed gives no readable date. */
  date: string;
}

export interface ParsedFeed {
  format: FeedFormat;
  items: FeedItem[];
}

/** The latest video of a channel (spec section 3, "Video"). */
export interface FeedVideo {
  video_id: string;
  title: string;
}

export type FeedFormat = 'rss' | 'atom';

export const DESCRIPTION_MAX_LENGTH = 300;

const FEED_TYPES = ['application/rss+xml', 'application/atom+xml'];
const CHANNEL_ID = /^UC[\w-]{22}$/;

/** The kind of feed by its root element, or null for anything else (HTML, JSON, text). */
export function feedFormat(text: string): FeedFormat | null {
  let position = 0;
  // Skip what may come before the root: a byte order mark, white space, the XML
  // declaration and other processing instructions, comments, a doctype.
  for (;;) {
    while (/[\s\uFEFF]/.test(text.charAt(position))) position++;
    let end: number;
    if (text.startsWith('<?', position)) end = afterText(text, '?>', position + 2);
    else if (text.startsWith('<!--', position)) end = afterText(text, '-->', position + 4);
    else if (text.startsWith('<!', position)) {
      const bracket = text.indexOf('[', position);
      const close = text.indexOf('>', position);
      // An internal subset ([ … ]) may hold '>' of its own.
      end = bracket >= 0 && bracket < close ? afterText(text, '>', afterText(text, ']', bracket)) : close + 1;
    } else break;
    if (end <= 0) return null;
    position = end;
  }
  const root = /^<([\w:.-]+)/.exec(text.slice(position, position + 64))?.[1]?.toLowerCase();
  if (root === 'rss' || root === 'rdf:rdf') return 'rss';
  if (root === 'feed') return 'atom';
  return null;
}

/** The index just after the next `needle` from `from`, or 0 when there is none. */
function afterText(text: string, needle: string, from: number): number {
  if (from <= 0) return 0;
  const at = text.indexOf(needle, from);
  return at < 0 ? 0 : at + needle.length;
}

/** The items of an RSS or Atom feed in document order, or null if the text is not a feed. */
export function parseFeed(text: string, baseUrl: string): ParsedFeed | null {
  const format = feedFormat(text);
  if (!format) return null;
  const { masked, cdata } = maskCdata(text);
  const xml = stripComments(masked);
  const read = (raw: string | undefined) => xmlText(raw ?? '', cdata);
  const items =
    format === 'rss'
      ? elements(xml, 'item').map((item) => rssItem(item.content, read, baseUrl))
      : elements(xml, 'entry').map((entry) => atomEntry(entry.content, read, baseUrl));
  return { format, items };
}

/** The first entry of a YouTube channel feed that names a video, or null. */
export function parseLatestVideo(text: string): FeedVideo | null {
  if (feedFormat(text) !== 'atom') return null;
  const { masked, cdata } = maskCdata(text);
  for (const entry of elements(stripComments(masked), 'entry')) {
    const content = entry.content;
    const videoId = xmlText(first(content, 'yt:videoId')?.content ?? '', cdata).trim();
    if (/^[\w-]{6,20}$/.test(videoId)) {
      return { video_id: videoId, title: htmlToText(xmlText(first(content, 'title')?.content ?? '', cdata)) };
    }
  }
  return null;
}

/** Sorts newest first (undated items last, in feed order) and keeps at most `limit`. */
export function newestFirst(items: readonly FeedItem[], limit: number): FeedItem[] {
  const time = (item: FeedItem) => (item.date === '' ? Number.NEGATIVE_INFINITY : Date.parse(item.date));
  return [...items].sort((a, b) => time(b) - time(a) || 0).slice(0, limit);
}

/** Feed addresses an HTML page advertises with `<link rel="alternate" type="…rss/atom…">`. */
export function findFeedLinks(html: string, baseUrl: string): string[] {
  const links: string[] = [];
  for (const attrs of openingTags(stripComments(html), 'link')) {
    const rel = (attribute(attrs, 'rel') ?? '').toLowerCase().split(/\s+/);
    const type = (attribute(attrs, 'type') ?? '').toLowerCase().trim();
    const href = safeUrl(attribute(attrs, 'href') ?? '', baseUrl);
    if (rel.includes('alternate') && FEED_TYPES.includes(type) && href !== '') links.push(href);
  }
  return links;
}

/**
 * The channel id (UC…) of a YouTube channel page: from its feed link, its metadata or
 * its canonical link first, and only then from the page's script data, where other
 * channels' ids can appear too.
 */
export function findYouTubeChannelId(html: string): string | null {
  const page = stripComments(html);
  for (const feed of findFeedLinks(page, 'https://www.youtube.com/')) {
    const id = new URL(feed).searchParams.get('channel_id');
    if (id && CHANNEL_ID.test(id)) return id;
  }
  for (const attrs of openingTags(page, 'meta')) {
    const id = attribute(attrs, 'content') ?? '';
    if (attribute(attrs, 'itemprop') === 'channelId' && CHANNEL_ID.test(id)) return id;
  }
  for (const attrs of openingTags(page, 'link')) {
    const id = /\/channel\/(UC[\w-]{22})(?:[/?#]|$)/.exec(attribute(attrs, 'href') ?? '')?.[1];
    if (id && (attribute(attrs, 'rel') ?? '').toLowerCase() === 'canonical') return id;
  }
  return (
    /"externalId"\s*:\s*"(UC[\w-]{22})"/.exec(page)?.[1] ??
    /"channelId"\s*:\s*"(UC[\w-]{22})"/.exec(page)?.[1] ??
    null
  );
}

/** Visible text of an HTML fragment: no tags, scripts or styles, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  let text = removeSpans(html, '<!--', '-->', ' ');
  text = removeSpans(text, '<script', '</script>', ' ');
  text = removeSpans(text, '<style', '</style>', ' ');
  // [^<>] rather than [^>]: a tag that never closes stops at the next '<' instead of
  // being searched for to the end of the text from every '<'.
  text = text
    .replace(
      /<\/?(?:p|br|div|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article|figure|hr)\b[^<>]*>/gi,
      ' ',
    )
    .replace(/<\/?[a-z][^<>]*>/gi, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Cuts text to `max` characters at a word boundary where one is near, ending with '…'. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  if (space > max - 40) cut = cut.slice(0, space);
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const NAMED_ENTITIES = new Map<string, string>([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  // HTML names that turn up in feed descriptions often enough to matter.
  ['nbsp', '\u00a0'],
  ['hellip', '…'],
  ['mdash', '—'],
  ['ndash', '–'],
  ['lsquo', '‘'],
  ['rsquo', '’'],
  ['ldquo', '“'],
  ['rdquo', '”'],
  ['laquo', '«'],
  ['raquo', '»'],
  ['bull', '•'],
  ['middot', '·'],
  ['copy', '©'],
  ['reg', '®'],
  ['trade', '™'],
  ['deg', '°'],
  ['pound', '£'],
  ['euro', '€'],
  ['eacute', 'é'],
  ['egrave', 'è'],
  ['aacute', 'á'],
  ['agrave', 'à'],
  ['iacute', 'í'],
  ['oacute', 'ó'],
  ['uacute', 'ú'],
  ['ntilde', 'ñ'],
  ['ccedil', 'ç'],
  ['auml', 'ä'],
  ['ouml', 'ö'],
  ['uuml', 'ü'],
  ['szlig', 'ß'],
]);

/**
 * Decodes the five XML entities, numeric references and a few common HTML names in one
 * pass, so `&amp;lt;` becomes `&lt;` and not `<`. Unknown names are left as they are.
 */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z][a-zA-Z\d]{1,31}));/g,
    (whole: string, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES.get(name) ?? whole;
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\uFFFD';
    },
  );
}

// ---------------------------------------------------------------------------------

type Read = (raw: string | undefined) => string;

function rssItem(item: string, read: Read, baseUrl: string): FeedItem {
  const guid = first(item, 'guid');
  const permalink =
    guid && attribute(guid.attrs, 'isPermaLink')?.toLowerCase() !== 'false' ? read(guid.content) : '';
  const link = safeUrl(read(first(item, 'link')?.content), baseUrl) || safeUrl(permalink, baseUrl);
  const summaryHtml = read(first(item, 'description')?.content);
  const contentHtml = read(first(item, 'content:encoded')?.content);
  return {
    title: htmlToText(read(first(item, 'title')?.content)),
    link,
    image: mediaImage(item, baseUrl) || firstImage(`${summaryHtml} ${contentHtml}`, baseUrl),
    description: truncate(htmlToText(summaryHtml) || htmlToText(contentHtml), DESCRIPTION_MAX_LENGTH),
    date: isoDate(read(first(item, 'pubDate')?.content) || read(first(item, 'dc:date')?.content)),
  };
}

function atomEntry(entry: string, read: Read, baseUrl: string): FeedItem {
  const links = elements(entry, 'link').map((link) => ({
    rel: (attribute(link.attrs, 'rel') ?? 'alternate').toLowerCase(),
    type: (attribute(link.attrs, 'type') ?? '').toLowerCase(),
    href: safeUrl(attribute(link.attrs, 'href') ?? '', baseUrl),
  }));
  const alternate =
    links.find((link) => link.rel === 'alternate' && link.href !== '') ?? links.find((l) => l.href);
  const enclosure = links.find((link) => link.rel === 'enclosure' && link.type.startsWith('image/'));
  const summaryHtml = read(first(entry, 'summary')?.content);
  const contentHtml = read(first(entry, 'content')?.content);
  const mediaDescription = read(first(entry, 'media:description')?.content);
  return {
    title: htmlToText(read(first(entry, 'title')?.content)),
    link: alternate?.href ?? '',
    image:
      mediaImage(entry, baseUrl) || enclosure?.href || firstImage(`${summaryHtml} ${contentHtml}`, baseUrl),
    description: truncate(
      htmlToText(summaryHtml) || htmlToText(contentHtml) || htmlToText(mediaDescription),
      DESCRIPTION_MAX_LENGTH,
    ),
    date: isoDate(read(first(entry, 'published')?.content) || read(first(entry, 'updated')?.content)),
  };
}

/** An image from the item's own metadata: enclosure, media:thumbnail, media:content, itunes:image. */
function mediaImage(block: string, baseUrl: string): string {
  for (const enclosure of elements(block, 'enclosure')) {
    const type = (attribute(enclosure.attrs, 'type') ?? '').toLowerCase();
    const url = safeUrl(attribute(enclosure.attrs, 'url') ?? '', baseUrl);
    if (type.startsWith('image/') && url) return url;
  }
  for (const thumbnail of elements(block, 'media:thumbnail')) {
    const url = safeUrl(attribute(thumbnail.attrs, 'url') ?? '', baseUrl);
    if (url) return url;
  }
  for (const content of elements(block, 'media:content')) {
    const medium = (attribute(content.attrs, 'medium') ?? '').toLowerCase();
    const type = (attribute(content.attrs, 'type') ?? '').toLowerCase();
    const url = safeUrl(attribute(content.attrs, 'url') ?? '', baseUrl);
    const image = medium === 'image' || type.startsWith('image/') || (medium === '' && type === '');
    if (image && url) return url;
  }
  const itunes = first(block, 'itunes:image');
  return itunes ? safeUrl(attribute(itunes.attrs, 'href') ?? '', baseUrl) : '';
}

function firstImage(html: string, baseUrl: string): string {
  for (const attrs of openingTags(html, 'img')) {
    const url = safeUrl(attribute(attrs, 'src') ?? '', baseUrl);
    if (url) return url;
  }
  return '';
}

/**
 * Only absolute http(s) addresses leave the parser: a feed is untrusted input, and the
 * client renders links and images, so `javascript:` and `data:` must not get through.
 */
function safeUrl(raw: string, baseUrl: string): string {
  const text = raw.trim();
  if (text === '') return '';
  try {
    const url = new URL(text, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

function isoDate(raw: string): string {
  const text = raw.trim();
  if (text === '' || text.length > 100) return '';
  const time = Date.parse(text);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

interface Element {
  attrs: string;
  /** '' for a self-closing element. */
  content: string;
}

/** Attributes longer than this are ignored: no real tag needs them, and it bounds attribute(). */
const MAX_ATTRIBUTES_LENGTH = 4096;

/**
 * Every `<name …>…</name>` or `<name …/>` in the text, case-insensitively; names may
 * carry a prefix (media:content). Once no closing tag is left, later open tags are not
 * searched for one again, which keeps the scan linear.
 */
function elements(xml: string, name: string): Element[] {
  const lower = xml.toLowerCase();
  const close = `</${name.toLowerCase()}`;
  const found: Element[] = [];
  let closable = true;
  scanTags(xml, lower, name, (attrs, selfClosing, tagEnd) => {
    if (selfClosing) {
      found.push({ attrs, content: '' });
      return tagEnd;
    }
    const end = closable ? closingTag(lower, close, tagEnd) : null;
    if (!end) {
      closable = false;
      return tagEnd;
    }
    found.push({ attrs, content: xml.slice(tagEnd, end.start) });
    return end.after;
  });
  return found;
}

/** The attributes of every opening `<name …>` tag (link, meta, img), ignoring contents. */
function openingTags(html: string, name: string): string[] {
  const found: string[] = [];
  scanTags(html, html.toLowerCase(), name, (attrs, _selfClosing, tagEnd) => {
    found.push(attrs);
    return tagEnd;
  });
  return found;
}

/**
 * Calls `visit` for each `<name` tag with its attributes and the index after its '>';
 * `visit` answers where to continue. Stops at a tag that never closes.
 */
function scanTags(
  text: string,
  lower: string,
  name: string,
  visit: (attrs: string, selfClosing: boolean, tagEnd: number) => number,
): void {
  const open = `<${name.toLowerCase()}`;
  let position = 0;
  for (;;) {
    const start = lower.indexOf(open, position);
    if (start < 0) return;
    const afterName = start + open.length;
    position = afterName;
    // <items> is not <item>, <link2> is not <link>.
    if (!/[\s/>]/.test(text.charAt(afterName))) continue;
    const gt = text.indexOf('>', afterName);
    if (gt < 0) return;
    let attrs = text.slice(afterName, gt);
    const selfClosing = attrs.endsWith('/');
    if (selfClosing) attrs = attrs.slice(0, -1);
    position = visit(attrs.length > MAX_ATTRIBUTES_LENGTH ? '' : attrs, selfClosing, gt + 1);
  }
}

/** Where `</name>` starts and ends from `from` on, skipping longer names such as `</items>`. */
function closingTag(lower: string, close: string, from: number): { start: number; after: number } | null {
  for (let at = lower.indexOf(close, from); at >= 0; at = lower.indexOf(close, at + 1)) {
    if (/[\s>]/.test(lower.charAt(at + close.length))) {
      const gt = lower.indexOf('>', at);
      return gt < 0 ? null : { start: at, after: gt + 1 };
    }
  }
  return null;
}

function first(xml: string, name: string): Element | undefined {
  return elements(xml, name)[0];
}

function attribute(attrs: string, name: string): string | undefined {
  const pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
  const match = pattern.exec(attrs);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
}

function stripComments(text: string): string {
  return removeSpans(text, '<!--', '-->', '');
}

/** Removes every `open…close` span, case-insensitively; an unclosed one runs to the end, as in a browser. */
function removeSpans(text: string, open: string, close: string, replacement: string): string {
  const lower = text.toLowerCase();
  let kept = '';
  let position = 0;
  for (;;) {
    const start = lower.indexOf(open, position);
    if (start < 0) return kept + text.slice(position);
    kept += text.slice(position, start) + replacement;
    const end = lower.indexOf(close, start + open.length);
    if (end < 0) return kept;
    position = end + close.length;
  }
}

const CDATA_MARK = '\u0000';

/**
 * Swaps CDATA sections for numbered placeholders, so markup inside them (an `<img>`, a
 * stray `</item>`) cannot be mistaken for the feed's own elements.
 */
function maskCdata(text: string): { masked: string; cdata: string[] } {
  const source = text.replaceAll(CDATA_MARK, '');
  const cdata: string[] = [];
  let masked = '';
  let position = 0;
  for (;;) {
    const start = source.indexOf('<![CDATA[', position);
    if (start < 0) break;
    const end = source.indexOf(']]>', start + 9);
    // An unclosed section runs to the end of the text.
    cdata.push(source.slice(start + 9, end < 0 ? source.length : end));
    masked += `${source.slice(position, start)}${CDATA_MARK}${cdata.length - 1}${CDATA_MARK}`;
    position = end < 0 ? source.length : end + 3;
  }
  return { masked: masked + source.slice(position), cdata };
}

/** The character data of an element: entities decoded outside CDATA, CDATA kept literally. */
function xmlText(raw: string, cdata: readonly string[]): string {
  const placeholder = new RegExp(`${CDATA_MARK}(\\d+)${CDATA_MARK}`, 'g');
  let text = '';
  let last = 0;
  for (const match of raw.matchAll(placeholder)) {
    text += decodeEntities(raw.slice(last, match.index)) + (cdata[Number(match[1])] ?? '');
    last = match.index + match[0].length;
  }
  return text + decodeEntities(raw.slice(last));
}
