/**
 * Staff of the tiny league as the manager-page tests sign them in (tokenOf adds each
 * to the API's database on first use).
 */
import type { StoredUser } from '@/lib/storage';

const staff = (
  id: string,
  name: string,
  user_type: StoredUser['user_type'],
  team_id: string | null,
): StoredUser => ({ id, name, user_type, team_id });

export const BOSS = staff('u.boss', 'Boss', 'super_admin', null);
export const NT_COACH = staff('u.nt.coach', 'Nina Coach', 'coach', 'north.town');
export const SC_COACH = staff('u.sc.coach', 'Sam Coach', 'coach', 'south.city');
export const WR_COACH = staff('u.wr.coach', 'Wes Coach', 'coach', 'west.rangers');
export const EU_OWNER = staff('u.eu.owner', 'Ed Owner', 'owner', 'east.united');
