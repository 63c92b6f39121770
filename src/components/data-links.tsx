/**
 * A league's or a team's data taken elsewhere: its fixtures in a calendar app (a
 * webcal:// subscription that stays up to date; for apps that do not open webcal://, as
 * Google Calendar on Android does not, the same feed added to Google Calendar or its
 * https:// address to copy; or a one-off .ics file), its tables and
 * lists as spreadsheets (CSV), and a snippet that puts the table or the fixtures on a club's
 * own website. On a chunk of its own, below what the page is for: the server renders it
 * with a league's page, with links from the site's root until the page runs (the server
 * does not know the address the browser sees: the snippet and the calendar subscription
 * need it whole).
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSession } from '@/lib/session';
import { browserZone, namedZone } from '@/lib/time-zone';
import { hostSizingScript } from '../../api/domain/embed-size';
import './data-links.css';

// Staff only: a visitor's page loads neither its code nor its styles.
const RosterImport = lazy(() => import('./roster-import').then((m) => ({ default: m.RosterImport })));

type Theme = 'light' | 'dark';

interface Target {
  kind: 'league' | 'team';
  id: string;
  name: string;
}

const LEAGUE_SHEETS = [
  { path: 'table.csv', label: 'Table' },
  { path: 'matches.csv', label: 'Matches' },
  { path: 'stats.csv?kind=scorers', label: 'Top scorers' },
  { path: 'stats.csv?kind=assists', label: 'Top assists' },
  { path: 'stats.csv?kind=clean_sheets', label: 'Clean sheets' },
  { path: 'stats.csv?kind=points', label: 'Points' },
] as const;

const TEAM_SHEETS = [{ path: 'roster.csv', label: 'Squad' }] as const;

function base({ kind, id }: Target): string {
  return `/api/${kind === 'league' ? 'leagues' : 'teams'}/${encodeURIComponent(id)}`;
}

export function embedSnippet(target: Target, theme: Theme, origin: string, zone: string): string {
  const path =
    target.kind === 'league'
      ? `/embed/leagues/${encodeURIComponent(target.id)}/table?theme=${theme}`
      : `/embed/teams/${encodeURIComponent(target.id)}/fixtures?theme=${theme}&tz=${encodeURIComponent(zone)}`;
  const title = target.kind === 'league' ? `${target.name} table` : `${target.name} fixtures`;
  const height = target.kind === 'league' ? 520 : 440;
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  // The height is the fallback; the script sets the frame to the embed's own height.
  return `<iframe src="${origin}${path}" title="${safeTitle}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>\n${hostSizingScript(origin)}`;
}

/** Google Calendar's page that subscribes to a feed, given its webcal:// address. */
export function googleCalendarLink(webcal: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`;
}

/**
 * Copies text to the clipboard and says so; where the clipboard is refused (no permission,
 * an insecure page) the field holding the text is selected for the person to copy it.
 */
function useCopy() {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async (text: string, field: HTMLInputElement | HTMLTextAreaElement | null) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      field?.focus();
      field?.select();
      setCopied('no');
    }
  };
  return { copied, copy, reset: () => setCopied(null) };
}

export function DataLinks(target: Target) {
  const headingId = useId();
  const { user } = useSession();
  // The team's own coach or owner (or a super admin) may also bring a squad in from a sheet.
  const staff =
    target.kind === 'team' &&
    user !== null &&
    (user.user_type === 'super_admin' ||
      ((user.user_type === 'coach' || user.user_type === 'owner') && user.team_id === target.id));
  const origin = useHydrated() ? window.location.origin : '';
  const calendar = `${base(target)}/calendar.ics`;
  const feed = `${origin}${calendar}`;
  const webcal = origin ? feed.replace(/^https?:/, 'webcal:') : calendar;
  const sheets = target.kind === 'league' ? LEAGUE_SHEETS : TEAM_SHEETS;
  return (
    <section className="card data-links" aria-labelledby={headingId}>
      <h2 id={headingId}>Calendar and downloads</h2>
      <div className="data-links-group">
        <h3>Fixtures in your calendar</h3>
        <p className="muted">
          A subscription follows every change: a moved or postponed match updates itself.
        </p>
        <div className="data-links-row">
          <a className="button" href={webcal}>
            Subscribe in your calendar
          </a>
          <a
            className="button button-secondary"
            href={googleCalendarLink(webcal)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Add to Google Calendar
          </a>
          <a className="button button-secondary" href={calendar} download>
            Download .ics
          </a>
        </div>
        <FeedLink feed={feed} />
      </div>
      <div className="data-links-group">
        <h3>Spreadsheets (CSV)</h3>
        <ul className="data-links-sheets">
          {sheets.map((sheet) => (
            <li key={sheet.path}>
              <a href={`${base(target)}/${sheet.path}`} download>
                {sheet.label}
                <span className="visually-hidden"> (CSV)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <EmbedSnippet target={target} origin={origin} />
      {staff && (
        <div className="data-links-group">
          <Suspense fallback={null}>
            <RosterImport teamId={target.id} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

/** The feed's https:// address, for a calendar app that asks for a link to subscribe to. */
function FeedLink({ feed }: { feed: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopy();
  return (
    <div className="data-links-feed">
      <label htmlFor={id} className="muted">
        Or paste this link into your calendar app:
      </label>
      <div className="data-links-row">
        <input
          ref={field}
          id={id}
          className="data-links-code data-links-url"
          readOnly
          value={feed}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copy(feed, field.current)}
        >
          Copy link
        </button>
        {copied !== null && (
          <span role="status" className="muted">
            {copied === 'yes' ? 'Link copied' : 'Select the link and copy it yourself'}
          </span>
        )}
      </div>
    </div>
  );
}

function EmbedSnippet({ target, origin }: { target: Target; origin: string }) {
  const ids = { theme: useId(), code: useId() };
  const [theme, setTheme] = useState<Theme>('light');
  const field = useRef<HTMLTextAreaElement>(null);
  const { copied, copy, reset } = useCopy();
  // The fixtures' kick-off times on a club's site read in the browser's own zone.
  const [zone] = useState(() => (target.kind === 'team' ? (namedZone() ?? browserZone()) : ''));
  const code = embedSnippet(target, theme, origin, zone);

  return (
    <div className="data-links-group">
      <h3>On your club’s website</h3>
      <p className="muted">
        {target.kind === 'league'
          ? 'Paste this into a page of your site to show the table, always up to date.'
          : 'Paste this into a page of your site to show the next matches, always up to date.'}
      </p>
      <div className="field data-links-theme">
        <label htmlFor={ids.theme}>Colours</label>
        <select
          id={ids.theme}
          value={theme}
          onChange={(event) => {
            setTheme(event.target.value as Theme);
            reset();
          }}
        >
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </div>
      <label htmlFor={ids.code} className="visually-hidden">
        Code to paste into your website
      </label>
      <textarea
        ref={field}
        id={ids.code}
        className="data-links-code"
        readOnly
        rows={4}
        value={code}
        onFocus={(event) => event.target.select()}
      />
      <div className="data-links-row">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copy(code, field.current)}
        >
          Copy code
        </button>
        <a href={code.match(/src="([^"]+)"/)?.[1]} target="_blank" rel="noopener noreferrer">
          Preview
        </a>
        {copied !== null && (
          <span role="status" className="muted">
            {copied === 'yes' ? 'Copied' : 'Select the code and copy it yourself'}
          </span>
        )}
      </div>
    </div>
  );
}
