import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type ApiMock, logRequests, withApiMock } from '../api-mock';
import { showCards } from '../match-cards';
import { renderRoute, useTinyLeagueClock } from '../render';
import { expectLink, textsOf } from '../queries';

const api = withApiMock();
const requests = logRequests(api, (_, url) => url.pathname);

const id = (key: keyof ApiMock['app']['matchIds']) => api.app.matchIds[key];

/** A match as the API answers it now, to be answered changed. */
async function matchAnswer(key: 'm1' | 'm8'): Promise<Record<string, unknown>> {
  return (await (await fetch(`/api/matches/${id(key)}`)).json()) as Record<string, unknown>;
}

/** From now on, every read of one match answers `body`. */
function answerMatchWith(body: Record<string, unknown>) {
  api.server.use(http.get(/\/api\/matches\/\d+$/, () => HttpResponse.json(body)));
}

/** The page of match m1 rendered from its answer as `change` makes it out of the answer now. */
async function renderM1Changed(change: (m1: Record<string, unknown>) => Record<string, unknown>) {
  answerMatchWith(change(await matchAnswer('m1')));
  await renderRoute(`/match/${id('m1')}`, { api });
}

/** The match page of a tiny-league match, rendered: its Score region. */
async function scoreOf(key: keyof ApiMock['app']['matchIds']) {
  await renderRoute(`/match/${id(key)}`, { api });
  return screen.findByRole('region', { name: 'Score' });
}

/** The names listed in a titled box, once every player name has loaded. */
async function namesIn(title: string) {
  const box = screen.getByRole('region', { name: title });
  await waitFor(() => expect(within(box).queryByText('Loading...')).not.toBeInTheDocument());
  return within(box)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('the match page', () => {
  it('shows a played match: teams, score, date, place, scorers with counts, assists, keepers and squads', async () => {
    useTinyLeagueClock();
    await renderRoute(`/match/${id('m1')}`, { api });
    expect(await screen.findByText('North Town vs South City')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Match Details' })).toBeInTheDocument();
    const score = screen.getByRole('region', { name: 'Score' });
    expect(score).toHaveTextContent('2 - 1');
    expectLink(score, /North Town/, '/team/north.town');
    expectLink(score, /South City/, '/team/south.city');
    expect(within(score).getByRole('img', { name: 'North Town crest' })).toBeInTheDocument();
    expect(score).toHaveTextContent('Saturday, May 2, 2026 at 2:00 PM');
    expect(score).toHaveTextContent('north.town ground');
    expect(screen.queryByText(/Awaiting approval|Result rejected/)).not.toBeInTheDocument();

    expect(await namesIn('Goalscorers')).toEqual(['North Town Forward× 2', 'South City Forward']);
    expect(await namesIn('Assists')).toEqual(['North Town Midfielder', 'South City Midfielder']);
    expect(await namesIn('Goalkeepers')).toEqual(['North Town Keeper', 'South City Keeper']);
    expect(await namesIn('North Town Squad')).toEqual([
      'North Town Keeper',
      'North Town Defender',
      'North Town Midfielder',
      'North Town Forward',
    ]);
    expect(await namesIn('South City Squad')).toHaveLength(4);
    const scorers = screen.getByRole('region', { name: 'Goalscorers' });
    expectLink(scorers, 'North Town Forward', '/player/nt.fwd');
    expect(screen.queryByRole('region', { name: 'Previous Matches' })).not.toBeInTheDocument();
    // The names came with the match: no player was loaded one by one.
    expect(requests.filter((path) => path.startsWith('/api/player'))).toEqual([]);
  });

  it('lists an own goal among the goalscorers with (OG), after the goals', async () => {
    useTinyLeagueClock();
    const { db } = api.app.connection;
    const m1 = id('m1');
    // North Town 2-1 South City: one of North Town's two goals was South City's defender's.
    await db
      .insertInto('match_own_goals')
      .values({ match_id: m1, team_id: 'south.city', player_id: 'sc.def' })
      .execute();
    try {
      await renderRoute(`/match/${m1}`, { api });
      expect(await namesIn('Goalscorers')).toEqual([
        'North Town Forward× 2',
        'South City Forward',
        'South City Defender(OG)',
      ]);
      expectLink(
        screen.getByRole('region', { name: 'Goalscorers' }),
        'South City Defender',
        '/player/sc.def',
      );
    } finally {
      await db.deleteFrom('match_own_goals').where('match_id', '=', m1).execute();
    }
  });

  it('loads the names of players an answer does not name (an answer stored before names came with it)', async () => {
    useTinyLeagueClock();
    await renderM1Changed(({ player_names: _names, ...withoutNames }) => withoutNames);
    expect(await screen.findByRole('region', { name: 'Goalscorers' })).toBeInTheDocument();
    expect(await namesIn('Goalscorers')).toEqual(['North Town Forward× 2', 'South City Forward']);
    expect(requests).toContain('/api/players/nt.fwd');
  });

  it("shows 'VS' and the previous meetings for an upcoming match, on the /matches/ route too", async () => {
    useTinyLeagueClock();
    await renderRoute(`/matches/${id('m8')}`, { api });
    expect(await screen.findByText('North Town vs West Rangers')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Score' })).toHaveTextContent('VS');
    expect(screen.queryByRole('region', { name: 'Goalscorers' })).not.toBeInTheDocument();
    const previous = screen.getByRole('region', { name: 'Previous Matches' });
    const card = await within(previous).findByRole('link', { name: /^West Rangers 1 - 1 North Town / });
    expect(card).toHaveAttribute('href', `/match/${id('m4')}`);
    expect(card).toHaveTextContent('1 - 1');
    expect(within(previous).getAllByRole('link')).toHaveLength(1);
    expect(await namesIn('North Town Squad')).toHaveLength(4);
  });

  it("shows 'Postponed' instead of 'VS' for a postponed match, on the page and on a previous meeting's card", async () => {
    useTinyLeagueClock();
    const m8 = await matchAnswer('m8');
    api.server.use(
      http.get(/\/api\/matches\/\d+$/, () => HttpResponse.json({ ...m8, status: 'postponed' })),
      http.get(/\/api\/matches\/between\//, () =>
        HttpResponse.json([{ ...m8, id: 4242, match_id: 4242, status: 'postponed' }]),
      ),
    );
    await renderRoute(`/match/${id('m8')}`, { api });
    expect(await screen.findByText('North Town vs West Rangers')).toBeInTheDocument();
    const score = screen.getByRole('region', { name: 'Score' });
    expect(within(score).getByText('Postponed')).toBeVisible();
    expect(score).not.toHaveTextContent('VS');
    // Still its date and place, and the previous meetings of a match not played.
    expect(score).toHaveTextContent('north.town ground');
    const previous = screen.getByRole('region', { name: 'Previous Matches' });
    const card = await within(previous).findByRole('link', { name: /^North Town Postponed West Rangers / });
    expect(card).not.toHaveTextContent('VS');
    expect(card).toHaveAttribute('href', '/match/4242');
  });

  it("keeps 'VS' for a scheduled match and for an answer without a status", async () => {
    useTinyLeagueClock();
    const m8 = await matchAnswer('m8');
    const { status: _, ...withoutStatus } = m8;
    api.server.use(
      http.get(/\/api\/matches\/\d+$/, () => HttpResponse.json({ ...m8, status: 'scheduled' })),
      http.get(/\/api\/matches\/between\//, () => HttpResponse.json([{ ...withoutStatus, id: 4242 }])),
    );
    const score = await scoreOf('m8');
    expect(score).toHaveTextContent('VS');
    expect(screen.queryByText('Postponed')).not.toBeInTheDocument();
    const previous = screen.getByRole('region', { name: 'Previous Matches' });
    expect(
      await within(previous).findByRole('link', { name: /^North Town VS West Rangers / }),
    ).toBeInTheDocument();
  });

  it('shows the score of a postponed match that has an approved result', async () => {
    useTinyLeagueClock();
    await renderM1Changed((m1) => ({ ...m1, status: 'postponed' }));
    const score = await screen.findByRole('region', { name: 'Score' });
    expect(score).toHaveTextContent('2 - 1');
    expect(score).not.toHaveTextContent('Postponed');
  });

  it('says when two teams have not met before', async () => {
    useTinyLeagueClock();
    api.server.use(http.get(/\/api\/matches\/between\//, () => HttpResponse.json([])));
    await renderRoute(`/match/${id('m8')}`, { api });
    expect(await screen.findByText('No previous matches between these teams')).toBeInTheDocument();
  });

  it('marks a result awaiting approval', async () => {
    useTinyLeagueClock();
    const score = await scoreOf('m5');
    expect(score).toHaveTextContent('4 - 0');
    expect(score).toHaveTextContent('Awaiting approval');
    expect(await namesIn('Goalscorers')).toEqual(['North Town Forward× 4']);
  });

  it('shows no score for a rejected result', async () => {
    useTinyLeagueClock();
    const score = await scoreOf('m6');
    expect(score).toHaveTextContent('Result rejected, awaiting a new report');
    expect(score).toHaveTextContent('VS');
    expect(score).not.toHaveTextContent('0 - 5');
    expect(screen.queryByRole('region', { name: 'Goalscorers' })).not.toBeInTheDocument();
  });

  it('ignores blank player ids and accepts comma-separated squads', async () => {
    useTinyLeagueClock();
    await renderM1Changed((m1) => ({
      ...m1,
      goalscorers: ['nt.fwd', ' ', ''],
      assisters: [''],
      goalkeepers: [],
      home_players: 'nt.gk, ,nt.fwd',
    }));
    expect(await screen.findByRole('region', { name: 'Goalscorers' })).toBeInTheDocument();
    expect(await namesIn('Goalscorers')).toEqual(['North Town Forward']);
    expect(screen.getByRole('region', { name: 'Assists' })).toHaveTextContent('No assisters recorded');
    expect(screen.getByRole('region', { name: 'Goalkeepers' })).toHaveTextContent('No goalkeepers recorded');
    expect(await namesIn('North Town Squad')).toEqual(['North Town Keeper', 'North Town Forward']);
  });

  it('lists the cards per team, a second yellow as a sending-off', async () => {
    useTinyLeagueClock();
    const { db } = api.app.connection;
    const m4 = id('m4'); // West Rangers 1-1 North Town, approved
    await showCards(api, m4, { yellow: ['nt.mid', 'wr.def', 'nt.mid', 'wr.fwd'], red: ['nt.fwd', 'wr.fwd'] });
    try {
      await renderRoute(`/match/${m4}`, { api });
      const cards = await screen.findByRole('region', { name: 'Cards' });
      // Home first, each row the player and the card in words.
      expect(textsOf(cards, 'heading', { level: 3 })).toEqual(['West Rangers', 'North Town']);
      const rows = (team: string) => textsOf(within(cards).getByRole('list', { name: team }), 'listitem');
      expect(rows('West Rangers')).toEqual([
        'West Rangers DefenderYellow card',
        'West Rangers ForwardYellow card',
        'West Rangers ForwardRed card',
      ]);
      expect(rows('North Town')).toEqual([
        'North Town MidfielderSecond yellow (sent off)',
        'North Town ForwardRed card',
      ]);
      expectLink(cards, 'North Town Midfielder', '/player/nt.mid');
    } finally {
      await db.deleteFrom('match_cards').where('match_id', '=', m4).execute();
    }
  });

  it('lists a booked player in neither squad apart', async () => {
    useTinyLeagueClock();
    await renderM1Changed((m1) => ({
      ...m1,
      yellow_cards: ['sc.def', 'gone.player', ' '],
      red_cards: [],
      player_names: { ...(m1.player_names as Record<string, string>), 'gone.player': 'Gone Player' },
    }));
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(textsOf(cards, 'heading', { level: 3 })).toEqual(['South City', 'Other players']);
    expect(within(cards).getByRole('list', { name: 'Other players' })).toHaveTextContent(
      'Gone PlayerYellow card',
    );
  });

  it('shows no Cards section without cards, for an answer stored before cards existed, or for a rejected report', async () => {
    useTinyLeagueClock();
    const m1 = await matchAnswer('m1');
    expect(m1).toMatchObject({ yellow_cards: [], red_cards: [] });
    const { router } = await renderRoute(`/match/${id('m1')}`, { api });
    expect(await screen.findByRole('region', { name: 'Goalscorers' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cards' })).not.toBeInTheDocument();

    const { yellow_cards: _yellow, red_cards: _red, ...old } = m1;
    answerMatchWith({ ...old, id: 4343 });
    await router.navigate('/match/4343');
    expect(await screen.findByRole('region', { name: 'Goalscorers' })).toBeInTheDocument();
    expect(await namesIn('Goalscorers')).toEqual(['North Town Forward× 2', 'South City Forward']);
    expect(screen.queryByRole('region', { name: 'Cards' })).not.toBeInTheDocument();

    // A rejected report's cards are no more shown than its score.
    answerMatchWith({ ...m1, id: 4344, approved: 'FALSE', yellow_cards: ['nt.def'] });
    await router.navigate('/match/4344');
    expect(await screen.findByText('Result rejected, awaiting a new report')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cards' })).not.toBeInTheDocument();
  });

  it("says 'Match not found' for an unknown match", async () => {
    await renderRoute('/match/99999', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Match not found');
  });

  it("says 'Match not found' for an id that is not a positive whole number, without calling the API", async () => {
    const { router } = await renderRoute('/match/abc', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Match not found');
    await router.navigate('/match/0');
    expect(await screen.findByRole('alert')).toHaveTextContent('Match not found');
    await router.navigate('/matches/1.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Match not found');
    expect(requests.filter((path) => path.startsWith('/api/matches'))).toEqual([]);
  });

  it("shows 'Error loading match: Failed to fetch match details' when the server fails", async () => {
    api.failGet(/\/api\/matches\/\d+$/);
    await renderRoute(`/match/${id('m1')}`, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading match: Failed to fetch match details',
    );
  });

  it("says 'No match data available' for an empty answer", async () => {
    api.server.use(http.get(/\/api\/matches\/\d+$/, () => new HttpResponse(null, { status: 204 })));
    const { router } = await renderRoute(`/match/${id('m1')}`, { api });
    expect(await screen.findByText('No match data available')).toBeInTheDocument();
    answerMatchWith({});
    await router.navigate(`/match/${id('m2')}`);
    await waitFor(() => expect(requests).toContain(`/api/matches/${id('m2')}`));
    expect(await screen.findByText('No match data available')).toBeInTheDocument();
  });

  it("says 'Invalid match data: missing team information' without both teams", async () => {
    answerMatchWith({ id: 1, home_team: 'north.town', away_team: '' });
    await renderRoute(`/match/${id('m1')}`, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid match data: missing team information',
    );
  });

  it('shows a loading indicator first', async () => {
    api.slowDown(/\/api\/matches\/\d+$/);
    await renderRoute(`/match/${id('m1')}`, { api });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading match...');
    expect(await screen.findByText('North Town vs South City')).toBeInTheDocument();
  });
});
