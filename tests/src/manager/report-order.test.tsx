/**
 * The match report in the order it is filled in — score, goals and assists, goalkeepers,
 * cards — with the reporting team's players first and the opponent's only when asked
 * for; after Submit it says what happens next and links to the match.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiMock, withApiMock } from '../api-mock';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';

const api = withApiMock({ perTest: true });
const id = (key: keyof ApiMock['app']['matchIds']) => String(api.app.matchIds[key]);

async function openMatch(team: string, matchId: string) {
  await renderRoute('/manager/match-report', { api, user: coachOf(team) });
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Match' }), matchId);
  await screen.findByRole('spinbutton', { name: 'Home score' }, { timeout: 5000 });
  return user;
}

/** The form's parts, top to bottom, by their headings. */
const blockTitles = () =>
  [...document.querySelectorAll('.report-fields .report-block-title')].map((node) => node.textContent);

describe('the match report, in order', () => {
  it('goes score, goals and assists, goalkeepers, cards, with the reporting team alone at first', async () => {
    useTinyLeagueClock();
    // m7: West Rangers (home) against East United, not reported.
    const user = await openMatch('east.united', id('m7'));
    const score = screen.getByRole('spinbutton', { name: 'Home score' });
    const goals = screen.getByRole('region', { name: 'Goals and assists' });
    expect(score.compareDocumentPosition(goals) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(blockTitles()).toEqual(['Goals and assists', 'Own goals', 'Goalkeepers', 'Cards']);

    // East United reports: its players only, its goalkeeper's box only.
    expect(within(goals).getByRole('region', { name: /^East United/ })).toBeInTheDocument();
    expect(within(goals).queryByRole('region', { name: /^West Rangers/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /for West Rangers / })).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('checkbox', { name: /^Goalkeeper: / }).map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Goalkeeper: East United Keeper']);
    expect(screen.getAllByRole('radiogroup', { name: /^Cards for East United / })).toHaveLength(4);
    expect(screen.queryByRole('radiogroup', { name: /^Cards for West Rangers / })).not.toBeInTheDocument();

    // Asked for, the opponent's players come after the team's own in every part.
    const toggle = screen.getByRole('button', { name: 'Show West Rangers players' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const sides = within(goals)
      .getAllByRole('region')
      .map((region) => region.querySelector('h4')?.textContent);
    expect(sides).toEqual(['East United (your club) away', 'West Rangers home']);
    expect(screen.getByRole('button', { name: 'Hide West Rangers players' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // An opponent's card is possible.
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Cards for West Rangers Forward' })).getByRole('radio', {
        name: 'Yellow',
      }),
    );

    // Hidden again, a credited opponent stays listed.
    await user.click(screen.getByRole('button', { name: 'Hide West Rangers players' }));
    expect(screen.getByRole('radiogroup', { name: 'Cards for West Rangers Forward' })).toBeInTheDocument();
    expect(
      screen.queryByRole('radiogroup', { name: 'Cards for West Rangers Keeper' }),
    ).not.toBeInTheDocument();
  });

  it('offers every player as goalkeeper when asked', async () => {
    useTinyLeagueClock();
    const user = await openMatch('east.united', id('m7'));
    expect(
      screen.queryByRole('checkbox', { name: 'Goalkeeper: East United Forward' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all players' }));
    expect(screen.getByRole('checkbox', { name: 'Goalkeeper: East United Forward' })).toBeInTheDocument();
  });

  it('after Submit says the opponent will be asked to confirm it, and links to the match', async () => {
    useTinyLeagueClock();
    const user = await openMatch('east.united', id('m7'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const sent = await screen.findByText('Match report submitted successfully!');
    const banner = sent.closest('[role="status"]');
    expect(banner).toHaveTextContent(
      "Match report submitted successfully! Sent. West Rangers will be asked to confirm it; you'll be told when it's approved.",
    );
    expect(within(banner as HTMLElement).getByRole('link', { name: 'Open the match' })).toHaveAttribute(
      'href',
      `/match/${id('m7')}`,
    );
  });
});
