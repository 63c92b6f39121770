/** The super admin's team picker over the tiny league, as Pending Results and Team Selection show it. */
import { screen, within } from '@testing-library/react';

/** Each card reads the team's name, then its ground. */
export const TINY_LEAGUE_TEAM_CARDS = [
  'East UnitedEast United Park',
  'North TownNorth Town Park',
  'South CitySouth City Park',
  'West RangersWest Rangers Park',
];

/** The picker's list of teams and its cards, once it shows. */
export async function findTeamCards() {
  const teams = await screen.findByRole('list', { name: 'Teams' });
  return { teams, cards: within(teams).getAllByRole('button') };
}
