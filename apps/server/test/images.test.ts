import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.js';
import { avatarPng, bannerPng, storePicture } from '../src/db/seed/pictures.js';
import { buildTestApp, type TestApp } from './helper.js';

describe('GET /image/:id', () => {
  let t: TestApp;
  let avatarId: number;
  let bannerId: number;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
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
    const res = await get(`/api/v1/image/${avatarId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await size(res.rawPayload)).toEqual({ width: 256, height: 256, format: 'png' });
  });

  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    const first = await get(`/api/v1/image/${avatarId}?w=64&h=64&c=1`);
    const etag = first.headers.etag as string;
    const again = await get(`/api/v1/image/${avatarId}?w=64&h=64&c=1`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await get(`/api/v1/image/${avatarId}?w=64&h=64&c=1`, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    // Another variant has another tag.
    const other = await get(`/api/v1/image/${avatarId}?w=32&h=32&c=1`);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('crops to exactly w x h with c=1', async () => {
    for (const id of [() => avatarId, () => bannerId]) {
      const res = await get(`/api/v1/image/${id()}?w=64&h=32&c=1`);
      expect(res.statusCode).toBe(200);
      expect(await size(res.rawPayload)).toMatchObject({ width: 64, height: 32, format: 'png' });
    }
  });

  it('fits inside w x h with c=0, keeping the aspect ratio', async () => {
    const avatar = await size((await get(`/api/v1/image/${avatarId}?w=64&h=32&c=0`)).rawPayload);
    expect(avatar).toMatchObject({ width: 32, height: 32 });
    const banner = await size((await get(`/api/v1/image/${bannerId}?w=64&h=64&c=0`)).rawPayload);
    expect(banner).toMatchObject({ width: 64, height: 32 });
    const byWidth = await size((await get(`/api/v1/image/${bannerId}?w=100`)).rawPayload);
    expect(byWidth).toMatchObject({ width: 100, height: 50 });
  });

  it('clamps huge sizes instead of failing', async () => {
    const inside = await get(`/api/v1/image/${avatarId}?w=99999`);
    expect(inside.statusCode).toBe(200);
    // Fitting never enlarges.
    expect(await size(inside.rawPayload)).toMatchObject({ width: 256, height: 256 });
    const cropped = await get(`/api/v1/image/${avatarId}?w=99999&h=10&c=1`);
    expect(cropped.statusCode).toBe(200);
    const s = await size(cropped.rawPayload);
    expect(s.width).toBeLessThanOrEqual(2000);
    expect(s.height).toBe(10);
  });

  it('refuses malformed sizes with 400 by parameter', async () => {
    const res = await get(`/api/v1/image/${avatarId}?w=abc`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { w: expect.any(String) } });
    expect((await get(`/api/v1/image/${avatarId}?c=5`)).json().errors).toHaveProperty('c');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await get('/api/v1/image/987654');
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
    const res = await get(`/api/v1/image/${doc?.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 404, not 500, when the stored file is missing or not an image', async () => {
    const [missing] = await t.database.db
      .insert(files)
      .values({ type: 'avatar', filename: 'gone.png', mimeType: 'image/png', size: 1, storageKey: 'gone.png' })
      .returning();
    expect((await get(`/api/v1/image/${missing?.id}`)).statusCode).toBe(404);
    await t.app.ctx.storage.put('broken.png', Buffer.from('definitely not a png'));
    const [broken] = await t.database.db
      .insert(files)
      .values({ type: 'avatar', filename: 'broken.png', mimeType: 'image/png', size: 20, storageKey: 'broken.png' })
      .returning();
    expect((await get(`/api/v1/image/${broken?.id}?w=10`)).statusCode).toBe(404);
  });
});
