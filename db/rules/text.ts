/**
 * Text a person typed, as every write and import takes it: no control characters. That
 * is Unicode's Cc category, C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F): none of them
 * is printable, and a C1 character is most often a byte of another encoding read as
 * Latin-1.
 */

const CONTROL = /\p{Cc}/u;

export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value);
}

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
