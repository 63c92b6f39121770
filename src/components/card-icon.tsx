/**
 * The shape of a referee's card, drawn in CSS (`.card-icon` in
 * app/styles.css): the Discipline tab's and the player profile's column headings, the
 * match page's and the review dialog's card rows, the Match Report's card control.
 *
 * Always decorative (hidden from assistive technology): the words beside it name the
 * card, so colour is never the only sign. It is sized in `em`, so it follows the text
 * it stands beside, from a table heading to a list row.
 */

/**
 * `second-yellow`: a yellow in front of the red it adds up to. `yellow-red`: a yellow
 * and a straight red side by side. `none`: an empty outline (the "No card" choice).
 */
export type CardIconKind = 'none' | 'yellow' | 'second-yellow' | 'yellow-red' | 'red';

export function CardIcon({
  kind,
  inText = false,
}: {
  kind: CardIconKind;
  /** In running text (a table heading) rather than a flex row with its own gap: a space after it. */
  inText?: boolean;
}) {
  return (
    <span className={`card-icon card-icon-${kind}${inText ? ' card-icon-in-text' : ''}`} aria-hidden="true" />
  );
}
