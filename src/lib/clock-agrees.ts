/**
 * True when this browser's clock reads every one of these instants as the server wrote
 * it: each with the offset east of UTC, in minutes, that the server's zone had then
 * (`writtenOffsets` in lib/format.ts). Its own module: the entry needs only this.
 */
export function clockAgrees(offsets: readonly (readonly [number, number])[]): boolean {
  return offsets.every(([at, offset]) => -new Date(at).getTimezoneOffset() === offset);
}
