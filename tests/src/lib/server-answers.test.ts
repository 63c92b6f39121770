/**
 * The data a server-rendered page carries (src/lib/server-answers.ts): read once at start,
 * and refused whole when any part of it is not what the server writes.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID } from '../../../api/domain/page-data';
import { readPageData } from '@/lib/server-answers';

function carrying(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.id = PAGE_DATA_ID;
  script.type = 'application/json';
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

const base = { zone: 'Europe/London', offsets: [[0, 0]], answers: { '/api/leagues': { leagues: [] } } };

describe('readPageData', () => {
  it('reads what the server embedded, with the address a page is shown at', () => {
    expect(readPageData(carrying(JSON.stringify(base)))).toEqual(base);
    const moved = { ...base, location: '/leagues/mwpl-26?tab=matches' };
    expect(readPageData(carrying(JSON.stringify(moved)))?.location).toBe('/leagues/mwpl-26?tab=matches');
  });

  it('refuses an address of another site, and data that is not the server’s', () => {
    for (const location of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'leagues', 7]) {
      expect(readPageData(carrying(JSON.stringify({ ...base, location }))), String(location)).toBeNull();
    }
    expect(readPageData(carrying('{"zone":"UTC"'))).toBeNull();
    expect(readPageData(carrying(JSON.stringify({ ...base, answers: null })))).toBeNull();
    expect(readPageData(document.implementation.createHTMLDocument('none'))).toBeNull();
  });
});
