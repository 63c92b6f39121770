/** Ids of the product: dotted lower-case slugs of names. Shared by the seed and the API. */

/** "Jean-Luc O'Brien" → "jean.luc.obrien": the id style the product uses everywhere. */
export function dottedSlug(text: string): string {
  return text
    .replace(/ı/g, 'i')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}
