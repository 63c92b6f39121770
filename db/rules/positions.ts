/**
 * A player's position and general position: which general position each position maps
 * to, when the two agree, and the words a refusal uses. One rule for the roster form,
 * the API's player writes, the roster import and the demo seed.
 */
import { POSITION_GENERALS, POSITIONS, type Position, type PositionGeneral } from '../schema';

export { POSITION_GENERALS, POSITIONS };
export type { Position, PositionGeneral };

/** The general position a position maps to (never 'Other', which fits any position). */
export const GENERAL_OF: Readonly<Record<Position, Exclude<PositionGeneral, 'Other'>>> = {
  Goalkeeper: 'GK',
  Defender: 'DEF',
  Midfielder: 'MID',
  Forward: 'FW',
  Coach: 'COACH',
};

/** The position that maps to `general`: each general position but Other has one. */
export function positionOf(general: Exclude<PositionGeneral, 'Other'>): Position {
  return POSITIONS.find((position) => GENERAL_OF[position] === general) as Position;
}

/** Forwards are FWD in the roster form (spec section 3) and the API takes either; FW when stored. */
export const FORM_FORWARD = 'FWD' as const;

/** The general positions the roster form offers ('Other' is not offered there). */
export const FORM_GENERALS = ['GK', 'DEF', 'MID', FORM_FORWARD, 'COACH'] as const;
export type FormGeneral = (typeof FORM_GENERALS)[number];

/** The stored general position for one as sent: FWD is FW. */
export function storedGeneral(general: PositionGeneral | typeof FORM_FORWARD): PositionGeneral {
  return general === FORM_FORWARD ? 'FW' : general;
}

/** A stored general position as the roster form spells it; null for 'Other', which it does not offer. */
export function formGeneral(general: Exclude<PositionGeneral, 'Other'>): FormGeneral;
export function formGeneral(general: PositionGeneral): FormGeneral | null;
export function formGeneral(general: PositionGeneral): FormGeneral | null {
  if (general === 'Other') return null;
  return general === 'FW' ? FORM_FORWARD : general;
}

/** A general position fits a position when it is the one the position maps to, or Other. */
export function positionsAgree(position: Position, general: PositionGeneral): boolean {
  return general === 'Other' || GENERAL_OF[position] === general;
}

/** Why a general position does not fit `position`. */
export function expectedGeneral(position: Position): string {
  return `must be ${GENERAL_OF[position]} (or Other) for a ${position}`;
}

export const POSITION_MESSAGE = 'must be one of Goalkeeper, Defender, Midfielder, Forward or Coach';
export const GENERAL_MESSAGE = 'must be one of GK, DEF, MID, FW (or FWD), COACH or Other';
