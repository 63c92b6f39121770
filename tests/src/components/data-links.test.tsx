/**
 * The calendar, CSV and website snippet links of a league and a team: the
 * addresses they lead to, and the snippet a club copies into its site.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataLinks, embedSnippet } from '@/components/data-links';
import { hostSizingScript } from '../../../api/domain/embed-size';
import { SessionProvider } from '@/lib/session';

const inSession = (node: React.ReactNode) => render(<SessionProvider>{node}</SessionProvider>);

const origin = window.location.origin;

describe('DataLinks', () => {
  it("offers a league's calendar, its spreadsheets and the table for a club's site", async () => {
    inSession(<DataLinks kind="league" id="mwpl-26" name="Metro West Premier League" />);
    const subscribe = screen.getByRole('link', { name: 'Subscribe in your calendar' });
    expect(subscribe.getAttribute('href')).toBe(
      `${origin.replace(/^https?:/, 'webcal:')}/api/leagues/mwpl-26/calendar.ics`,
    );
    expect(screen.getByRole('link', { name: 'Download .ics' })).toHaveAttribute(
      'href',
      '/api/leagues/mwpl-26/calendar.ics',
    );
    const sheets = within(screen.getByRole('list')).getAllByRole('link');
    expect(sheets.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Table (CSV)', '/api/leagues/mwpl-26/table.csv'],
      ['Matches (CSV)', '/api/leagues/mwpl-26/matches.csv'],
      ['Top scorers (CSV)', '/api/leagues/mwpl-26/stats.csv?kind=scorers'],
      ['Top assists (CSV)', '/api/leagues/mwpl-26/stats.csv?kind=assists'],
      ['Clean sheets (CSV)', '/api/leagues/mwpl-26/stats.csv?kind=clean_sheets'],
      ['Points (CSV)', '/api/leagues/mwpl-26/stats.csv?kind=points'],
    ]);
    const code = screen.getByRole('textbox', { name: 'Code to paste into your website' });
    expect(code).toHaveValue(
      `<iframe src="${origin}/embed/leagues/mwpl-26/table?theme=light" title="Metro West Premier League table" width="100%" height="520" style="border:0" loading="lazy"></iframe>\n${hostSizingScript(origin)}`,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colours' }), 'dark');
    expect((code as HTMLTextAreaElement).value).toContain('?theme=dark"');
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      `${origin}/embed/leagues/mwpl-26/table?theme=dark`,
    );
  });

  it("offers a team's calendar, its squad sheet and its fixtures in the visitor's time zone", async () => {
    inSession(<DataLinks kind="team" id="riverside.rovers" name="Riverside Rovers" />);
    expect(screen.getByRole('link', { name: 'Download .ics' })).toHaveAttribute(
      'href',
      '/api/teams/riverside.rovers/calendar.ics',
    );
    expect(screen.getByRole('link', { name: /^Squad/ })).toHaveAttribute(
      'href',
      '/api/teams/riverside.rovers/roster.csv',
    );
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByRole('textbox', { name: 'Code to paste into your website' })).toHaveValue(
      embedSnippet({ kind: 'team', id: 'riverside.rovers', name: 'Riverside Rovers' }, 'light', origin, zone),
    );
    expect(
      embedSnippet(
        { kind: 'team', id: 'a.b', name: 'A "B" & <C>' },
        'dark',
        'https://x.test',
        'Europe/London',
      ),
    ).toBe(
      '<iframe src="https://x.test/embed/teams/a.b/fixtures?theme=dark&tz=Europe%2FLondon" title="A &quot;B&quot; &amp; &lt;C> fixtures" width="100%" height="440" style="border:0" loading="lazy"></iframe>\n' +
        hostSizingScript('https://x.test'),
    );
  });

  it('sizes the frame from the embed’s own messages, from its server only', () => {
    const script = hostSizingScript('https://x.test');
    expect(script).toMatch(/^<script>[\s\S]*<\/script>$/);
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const listen = new Function(script.slice('<script>'.length, -'</script>'.length));
    listen();
    const send = (origin: string, data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { origin, data, source: frame.contentWindow }));
    send('https://elsewhere.test', { type: 'touchline:embed-height', id: 'x', height: 900 });
    send('https://x.test', { type: 'other', height: 900 });
    expect(frame.style.height).toBe('');
    send('https://x.test', { type: 'touchline:embed-height', id: 'league-table:x', height: 731 });
    expect(frame.style.height).toBe('731px');
    frame.remove();
  });

  it('copies the snippet, or says to copy it by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    inSession(<DataLinks kind="league" id="mwpl-26" name="Metro West Premier League" />);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('/embed/leagues/mwpl-26/table'));
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(screen.getByRole('status')).toHaveTextContent('Select the code and copy it yourself');
    expect(screen.getByRole('textbox', { name: 'Code to paste into your website' })).toHaveFocus();
  });

  it('offers the calendar three ways: webcal://, Google Calendar and the https:// link to copy', async () => {
    const user = userEvent.setup();
    inSession(<DataLinks kind="team" id="riverside.rovers" name="Riverside Rovers" />);
    const feed = `${origin}/api/teams/riverside.rovers/calendar.ics`;
    const webcal = feed.replace(/^https?:/, 'webcal:');
    expect(screen.getByRole('link', { name: 'Subscribe in your calendar' })).toHaveAttribute('href', webcal);
    // Google Calendar on Android opens no webcal:// link: its own page subscribes to the feed.
    const google = screen.getByRole('link', { name: 'Add to Google Calendar' });
    expect(google).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    );
    const link = screen.getByRole('textbox', { name: 'Or paste this link into your calendar app:' });
    expect(link).toHaveValue(feed);
    expect(feed).toMatch(/^https?:\/\//);

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(feed);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
    // Refused: the link is selected, for the person to copy it.
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(screen.getByRole('status')).toHaveTextContent('Select the link and copy it yourself');
    expect(link).toHaveFocus();
    const input = link as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, feed.length]);
  });
});
