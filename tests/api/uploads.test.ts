/**
 * Crest and photo uploads over the tiny league: pictures made here with sharp, recognised
 * by content, stored resized without metadata under a new name, the old upload removed,
 * and every refusal (not a picture, SVG, too large, not allowed) storing nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { RosterPlayerSchema, TeamSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addLeagueAdmin, addRoleUsers, tokenFor, type Role } from '../fixtures/auth';
import { tableRows } from '../fixtures/checksum';
import { withFixture } from '../fixtures/hooks';

const t = withFixture(() => makeTinyLeagueApp(), { perTest: true });
type Caller = Role | 'leagueAdmin';
let tokens: Record<Caller, string | null>;
beforeEach(async () => {
  await addLeagueAdmin(t.connection.db, { id: 'u.la' }, 'tl-26');
  tokens = { ...(await addRoleUsers(t.connection.db)), leagueAdmin: await tokenFor(t.connection.db, 'u.la') };
});

const CREST_REFUSED = 'The crest must be a PNG, JPEG or WebP image';

function picture(format: 'png' | 'jpeg' | 'webp', width = 900, height = 600) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } });
  return image[format]().toBuffer();
}

/** A JPEG carrying EXIF with a GPS position, as a phone camera writes it. */
function jpegWithGps() {
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#3060c0' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

async function upload(
  urlPath: string,
  as: Caller,
  bytes: Uint8Array,
  options: { name?: string; type?: string; field?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.name ?? 'crest.png',
  );
  const res = await t.app.request(urlPath, {
    method: 'POST',
    body: form,
    headers: tokens[as] ? { Authorization: `Bearer ${tokens[as]}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const files = (kind: string) => {
  const dir = path.join(t.imagesDir, kind);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const snapshot = () => tableRows(t.connection, ['teams', 'players', 'audit_log']);

describe('POST /api/teams/{teamId}/crest', () => {
  it('stores a PNG resized under a new name, shown by the league table at once', async () => {
    const first = await t.get('/api/leagues/tl-26/table');
    const etag = first.headers.get('ETag') ?? '';
    const res = await upload('/api/teams/north.town/crest', 'coach', await picture('png', 1000, 400));
    expect(res.status).toBe(200);
    const team = TeamSchema.parse(res.body);
    expect(team.logo).toMatch(/^north\.town\.u[0-9a-f]{16}\.png$/);
    expect(files('teams')).toEqual([team.logo]);
    const stored = await sharp(path.join(t.imagesDir, 'teams', team.logo as string)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 512, 205]);

    const table = await t.get('/api/leagues/tl-26/table', { 'If-None-Match': etag });
    expect(table.status).toBe(200);
    expect(JSON.stringify(table.body)).toContain(team.logo);
    const served = await t.app.request(`/api/images/teams/${team.logo}`);
    expect(served.headers.get('Content-Type')).toBe('image/png');
  });

  it('reads a multipart body whose boundary has capitals, as browsers write it', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEf012345';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([
      Buffer.from(head),
      await picture('png', 40, 40),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.request('/api/teams/north.town/crest', {
      method: 'POST',
      body,
      headers: {
        Authorization: `Bearer ${tokens.coach}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('replaces an earlier upload and removes its file, but never a seeded crest', async () => {
    const first = await upload('/api/teams/north.town/crest', 'leagueAdmin', await picture('webp'), {
      name: 'a.webp',
    });
    expect(first.body.logo).toMatch(/\.webp$/);
    const second = await upload('/api/teams/north.town/crest', 'superAdmin', await picture('jpeg'), {
      name: 'a.png',
    });
    expect(second.status).toBe(200);
    expect(second.body.logo).toMatch(/\.jpg$/);
    expect(files('teams')).toEqual([second.body.logo]);
  });

  it('refuses anything but PNG, JPEG or WebP by content, storing nothing', async () => {
    const before = await snapshot();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const brokenPng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    for (const [bytes, name] of [
      [svg, 'crest.svg'],
      [svg, 'crest.png'],
      [new TextEncoder().encode('just text'), 'crest.png'],
      [gif, 'crest.gif'],
      [brokenPng, 'crest.png'],
      [new Uint8Array(0), 'crest.png'],
    ] as const) {
      const res = await upload('/api/teams/north.town/crest', 'coach', bytes, { name });
      expect(res.status, name).toBe(400);
      expect(res.body.detail).toBe(CREST_REFUSED);
    }
    const noFile = await upload('/api/teams/north.town/crest', 'coach', await picture('png'), {
      field: 'image',
    });
    expect(noFile.status).toBe(400);
    const json = await t.app.request('/api/teams/north.town/crest', {
      method: 'POST',
      body: JSON.stringify({ file: 'x' }),
      headers: { Authorization: `Bearer ${tokens.coach}`, 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(files('teams')).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a picture over 5 MB with 413, and a huge body before reading it all', async () => {
    const before = await snapshot();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await upload('/api/teams/north.town/crest', 'coach', big);
    expect(res.status).toBe(413);
    expect(typeof res.body.detail).toBe('string');

    // 50 MB offered a chunk at a time: the refusal comes long before the end.
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const huge = await t.app.request('/api/teams/north.town/crest', {
      method: 'POST',
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for a streamed body; the DOM types lack it.
      duplex: 'half',
      headers: {
        Authorization: `Bearer ${tokens.coach}`,
        'Content-Type': 'multipart/form-data; boundary=x',
      },
    });
    expect(huge.status).toBe(413);
    expect(pulled).toBeLessThan(10 * 1024 * 1024);
    expect(files('teams')).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a crest for a team the caller may not edit, and an unknown team', async () => {
    const before = await snapshot();
    const png = await picture('png');
    for (const as of ['otherCoach', 'fan', 'player'] as const) {
      expect((await upload('/api/teams/north.town/crest', as, png)).status, as).toBe(403);
    }
    expect((await upload('/api/teams/north.town/crest', 'anonymous', png)).status).toBe(401);
    expect((await upload('/api/teams/no.such/crest', 'superAdmin', png)).status).toBe(404);
    expect(files('teams')).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/players/{playerId}/photo', () => {
  it('stores a photo without its EXIF and GPS, at most 512 px', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload('/api/players/nt.mid/photo', 'coach', original, {
      name: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(res.status).toBe(200);
    const player = RosterPlayerSchema.parse(res.body);
    expect(player.photo_id).toMatch(/^nt\.mid\.u[0-9a-f]{16}\.jpg$/);
    const file = path.join(t.imagesDir, 'players', player.photo_id as string);
    const stored = await sharp(file).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBe(512);
    expect(fs.readFileSync(file).includes(Buffer.from('PhoneMaker'))).toBe(false);
    const profile = (await t.get('/api/player/nt.mid')).body as { photo_id: string };
    expect(profile.photo_id).toBe(player.photo_id);
  });

  it("refuses another team's coach and an SVG, storing nothing", async () => {
    const before = await snapshot();
    expect((await upload('/api/players/nt.mid/photo', 'otherCoach', await picture('png'))).status).toBe(403);
    const svg = await upload('/api/players/nt.mid/photo', 'coach', new TextEncoder().encode('<svg/>'), {
      name: 'me.png',
    });
    expect(svg.status).toBe(400);
    expect(svg.body.detail).toBe('The photo must be a PNG, JPEG or WebP image');
    expect((await upload('/api/players/nobody/photo', 'superAdmin', await picture('png'))).status).toBe(404);
    expect(files('players')).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
