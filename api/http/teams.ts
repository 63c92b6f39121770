/**
 * What the team and player routers share: the fields of a roster write (name, position,
 * general position, shirt number) with the refusals they answer, and the steps of a
 * roster write.
 */
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../db/rules/text';
import { z } from 'zod';
import {
  FORM_FORWARD,
  GENERAL_MESSAGE,
  POSITION_GENERALS,
  POSITION_MESSAGE,
  POSITIONS,
  storedGeneral,
} from '../../db/rules/positions';

import { fail } from '../errors';
import type { RosterPlayerDto } from '../schemas';

// ---------------------------------------------------------------------------------
// Fields

/** A missing field says so; a present but wrong one gets the rule. */
export function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);
}

/** Text of 1 to `max` characters once trimmed, without control characters. */
export function text(max: number) {
  return z
    .string({ error: requiredOr('must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);
}

const NUMBER_MESSAGE = 'must be a whole number from 0 to 99';

export const position = z.enum(POSITIONS, { error: requiredOr(POSITION_MESSAGE) });

export const positionGeneral = z
  .enum([...POSITION_GENERALS, FORM_FORWARD], { error: requiredOr(GENERAL_MESSAGE) })
  .transform(storedGeneral)
  .meta({ description: 'FWD is stored as FW' });

// Forms send the number as typed text, so a string of digits counts too.
export const shirtNumber = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ],
    { error: requiredOr(NUMBER_MESSAGE) },
  )
  .pipe(z.number().int(NUMBER_MESSAGE).min(0, NUMBER_MESSAGE).max(99, NUMBER_MESSAGE))
  .meta({
    anyOf: [
      { type: 'integer', minimum: 0, maximum: 99 },
      { type: 'string', pattern: '^\\d{1,3}$', description: 'digits as typed (at most 99)' },
    ],
  });

// ---------------------------------------------------------------------------------
// Roster writes

/** A row read back right after its own write inside the transaction. */
export function written<T>(row: T | undefined): T {
  if (row === undefined) throw new Error('Row missing right after it was written');
  return row;
}

export function shirtTaken(number: number): never {
  fail(409, `Shirt number ${number} is already taken in this team`);
}

/** Where a player stands in the team, as the audit log records it. */
/** A change of a roster player's place: any of position, general position and shirt number. */
export const placementBody = z
  .strictObject({
    position: position.optional(),
    position_general: positionGeneral.optional(),
    number: shirtNumber.optional(),
  })
  .meta({ minProperties: 1 });

export function placement(player: RosterPlayerDto) {
  return { position: player.position, position_general: player.position_general, number: player.number };
}

/** The 403 of a roster write, as the document words it. */
export const STAFF_ONLY = "Not the team's coach or owner, nor an admin of its league";
