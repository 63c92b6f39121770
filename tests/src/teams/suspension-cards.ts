/**
 * Cards that leave two North Town players suspended at the tiny league's NOW
 * (2026-06-15), for the squad tab, Team Selection and the offline pack.
 * Tiny League's rules here: a red card bans for 3 matches, every 2nd yellow for 2.
 *
 * - nt.fwd: red in m4 (23 May) → m5 served, m8 (20 June) and one not yet fixed:
 *   'Suspended – 2 matches (Red card)'.
 * - nt.mid: yellows in m1 and m4 → m5 served, m8 to come:
 *   'Suspended – 1 match (2 yellow cards this season)'.
 *
 * Neither is banned from m5 as the answer gives it (served matches are not listed).
 */
import type { ApiMock } from '../api-mock';
import { setSuspensionRules, showCards } from '../match-cards';

export const FORWARD_BAN = 'Suspended – 2 matches (Red card)';
export const MIDFIELDER_BAN = 'Suspended – 1 match (2 yellow cards this season)';

export async function addSuspensions(api: ApiMock): Promise<void> {
  const { m1, m4 } = api.app.matchIds;
  await setSuspensionRules(api, 'tl-26', {
    red_card_matches: 3,
    yellow_card_threshold: 2,
    yellow_card_matches: 2,
  });
  await showCards(api, m1, { yellow: ['nt.mid'] });
  await showCards(api, m4, { yellow: ['nt.mid'], red: ['nt.fwd'] });
}
