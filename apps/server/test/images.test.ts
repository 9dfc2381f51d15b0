import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, imagesEndpoints } from '@portal/contracts';
import { files } from '../src/db/schema.js';
import { avatarPng, bannerPng, storePicture } from '../src/seed/pictures.js';
import { buildTestApp, callEndpoint, type CallInput, type TestApp } from './helper.js';

describe('GET /image/:id', () => {
  let t: TestApp;
  let avatarId: number;
  let bannerId: number;
  /** The raw URL, for the tests of how a malformed id or query string is read. */
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** GET /image/{id} through its contract (public: no bearer); the raw answer carries the bytes. */
  const image = async (
    id: number | undefined,
    query: CallInput<typeof imagesEndpoints.image>['query'] = {},
    headers: Record<string, string> = {},
  ) => (await callEndpoint(t.app, imagesEndpoints.image, { params: { id: id! }, query, headers }, null)).raw;
  const size = async (body: Buffer) => {
    const meta = await sharp(body).metadata();
    return { width: meta.width, height: meta.height, format: meta.format };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const storage = t.app.ctx.storage;
    avatarId = await storePicture(
      t.database.db,
      storage,
      await avatarPng('JD', '#123456', '#abcdef', 256),
      'avatar',
      'jd.png',
    );
    bannerId = await storePicture(
      t.database.db,
      storage,
      await bannerPng('Offer', '#000000', '#ff0000', 400, 200),
      'offer_image',
      'offer.png',
    );
  });
  afterAll(async () => t?.close());

  it('serves a stored avatar as PNG with caching headers', async () => {
    const res = await image(avatarId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await size(res.rawPayload)).toEqual({ width: 256, height: 256, format: 'png' });
  });

  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    const first = await image(avatarId, { w: 128, h: 128, c: '1' });
    const etag = first.headers.etag as string;
    const again = await image(avatarId, { w: 128, h: 128, c: '1' }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await image(avatarId, { w: 128, h: 128, c: '1' }, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    // Another variant has another tag.
    const other = await image(avatarId, { w: 112, h: 112, c: '1' });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('crops to exactly w x h with c=1', async () => {
    for (const id of [() => avatarId, () => bannerId]) {
      const res = await image(id(), { w: 640, h: 360, c: '1' });
      expect(res.statusCode).toBe(200);
      expect(await size(res.rawPayload)).toMatchObject({ width: 640, height: 360, format: 'png' });
    }
  });

  it('fits inside w x h with c=0, keeping the aspect ratio', async () => {
    const avatar = await size((await image(avatarId, { w: 640, h: 360, c: '0' })).rawPayload);
    // Fitting never enlarges: the 256×256 avatar fits inside 640×360 as it is.
    expect(avatar).toMatchObject({ width: 256, height: 256 });
    const banner = await size((await image(bannerId, { w: 250, h: 250, c: '0' })).rawPayload);
    expect(banner).toMatchObject({ width: 250, height: 125 });
    const small = await size((await image(bannerId, { w: 128, h: 128, c: '0' })).rawPayload);
    expect(small).toMatchObject({ width: 128, height: 64 });
  });

  it('serves every size the screens use, cropped and fitted', async () => {
    for (const { w, h } of Object.values(IMAGE_SIZES)) {
      const cropped = await image(bannerId, { w, h, c: '1' });
      expect(cropped.statusCode, `${w}x${h}`).toBe(200);
      expect(await size(cropped.rawPayload)).toMatchObject({ width: w, height: h });
      expect((await image(bannerId, { w, h, c: '0' })).statusCode, `${w}x${h}`).toBe(200);
    }
  });

  it('refuses any other size with 400 naming w and h, before reading the file', async () => {
    for (const query of [
      { w: 2000, h: 2000, c: '1' as const },
      { w: 2000, h: 2000 },
      { w: 251, h: 250, c: '1' as const },
      { w: 250, h: 251 },
      { w: 250, h: 128, c: '1' as const },
      { w: 99999, h: 10, c: '1' as const },
      { w: 250 },
      { h: 250, c: '1' as const },
      { w: 5000, h: 5000, c: '1' as const },
    ].map((values) => ({ values, label: JSON.stringify(values) }))) {
      const res = await image(avatarId, query.values);
      expect(res.statusCode, query.label).toBe(400);
      expect(res.json(), query.label).toMatchObject({
        status: 400,
        message: 'The image size is not one of the served sizes.',
        data: null,
        errors: { w: expect.stringContaining('250x250'), h: expect.stringContaining('128x128') },
      });
      expect(res.headers.etag, query.label).toBeUndefined();
    }
    // Even for an image that does not exist: the size is judged first.
    expect((await image(987654, { w: 251, h: 250 })).statusCode).toBe(400);
  });

  // Malformed ids and query strings are written as a client could send them: these tests are about reading the URL.
  it('refuses malformed parameters with 400 keyed by parameter', async () => {
    const cases: [string, string][] = [
      ['w=abc', 'w'],
      ['h=12px', 'h'],
      ['w=-5', 'w'],
      ['w=0', 'w'],
      ['h=0', 'h'],
      ['w=1.5', 'w'],
      ['w=', 'w'],
      ['w=Infinity', 'w'],
      ['w=1e300', 'w'],
      ['w=10&w=20', 'w'],
      ['c=5', 'c'],
      ['c=true', 'c'],
      ['c=', 'c'],
      ['size=10', 'size'],
    ];
    for (const [query, key] of cases) {
      const res = await get(`/api/v1/image/${avatarId}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ status: 400, message: expect.any(String), data: null });
      expect(Object.keys(res.json().errors), query).toContain(key);
    }
  });

  it('refuses a malformed id with 400 and never answers a 5xx', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', '%zz']) {
      const res = await get(`/api/v1/image/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
  });

  it('answers 304 to a list of tags or a weak tag, and skips work for it', async () => {
    const first = await image(bannerId, { w: 112, h: 112, c: '0' });
    const etag = first.headers.etag as string;
    expect((await image(bannerId, { w: 112, h: 112, c: '0' }, { 'if-none-match': `"x", ${etag}` })).statusCode).toBe(
      304,
    );
    const weak = await image(bannerId, { w: 112, h: 112, c: '0' }, { 'if-none-match': `W/${etag}` });
    expect(weak.statusCode).toBe(304);
    expect(weak.headers['cache-control']).toBe(first.headers['cache-control']);
    // The same variant asked again answers the same bytes and tag (served from the variant cache).
    const again = await image(bannerId, { w: 112, h: 112, c: '0' });
    expect(again.headers.etag).toBe(etag);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    // c defaults to fitting: the same variant as c=0.
    expect((await image(bannerId, { w: 112, h: 112 })).headers.etag).toBe(etag);
  });

  it('serves JPEG sources as JPEG', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await t.app.ctx.storage.put('photo.jpg', jpeg);
    const [row] = await t.database.db
      .insert(files)
      .values({
        type: 'logo',
        filename: 'photo.jpg',
        mimeType: 'image/jpeg',
        size: jpeg.length,
        storageKey: 'photo.jpg',
      })
      .returning();
    const res = await image(row?.id, { w: 250, h: 250, c: '0' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await size(res.rawPayload)).toEqual({ width: 250, height: 83, format: 'jpeg' });
  });

  it('refuses a decompression bomb with a 4xx instead of decoding it', async () => {
    // A valid 20000×20000 1-bit PNG (400 megapixels) whose compressed data is a few dozen kilobytes.
    const side = 20_000;
    const crc = (buf: Buffer) => {
      let c = ~0;
      for (const byte of buf) {
        c ^= byte;
        for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
      }
      return ~c >>> 0;
    };
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(crc(body));
      return Buffer.concat([length, body, sum]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(side, 0);
    header.writeUInt32BE(side, 4);
    header.writeUInt8(1, 8); // bit depth
    header.writeUInt8(0, 9); // greyscale
    const raw = Buffer.alloc((side / 8 + 1) * side);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(side);
    await t.app.ctx.storage.put('bomb.png', bomb);
    const [row] = await t.database.db
      .insert(files)
      .values({
        type: 'offer_image',
        filename: 'bomb.png',
        mimeType: 'image/png',
        size: bomb.length,
        storageKey: 'bomb.png',
      })
      .returning();
    for (const query of [{}, { w: 128, h: 128, c: '1' as const }]) {
      const res = await image(row?.id, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json()).toMatchObject({ status: 422, message: 'The image is too large to be processed.' });
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('answers 404 for an unknown id', async () => {
    const res = await image(987654);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: 'Image not found.' });
  });

  it('never serves a document, even a PNG one', async () => {
    const png = await avatarPng('ID', '#000', '#fff', 64);
    await t.app.ctx.storage.put('secret-passport.png', png);
    const [doc] = await t.database.db
      .insert(files)
      .values({
        type: 'document',
        filename: 'passport.png',
        mimeType: 'image/png',
        size: png.length,
        storageKey: 'secret-passport.png',
        ownerPartnerId: 1,
      })
      .returning();
    const res = await image(doc?.id);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 404, not 500, when the stored file is missing or not an image', async () => {
    const [missing] = await t.database.db
      .insert(files)
      .values({ type: 'avatar', filename: 'gone.png', mimeType: 'image/png', size: 1, storageKey: 'gone.png' })
      .returning();
    expect((await image(missing?.id)).statusCode).toBe(404);
    await t.app.ctx.storage.put('broken.png', Buffer.from('definitely not a png'));
    const [broken] = await t.database.db
      .insert(files)
      .values({ type: 'avatar', filename: 'broken.png', mimeType: 'image/png', size: 20, storageKey: 'broken.png' })
      .returning();
    expect((await image(broken?.id, { w: 128, h: 128 })).statusCode).toBe(404);
  });
});
