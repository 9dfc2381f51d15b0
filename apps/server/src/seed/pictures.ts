import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../lib/storage.js';
import { insertFile } from '../modules/files/index.js';
import type { DbOrTx } from '../db/client.js';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A portrait-like avatar: a gradient disc with initials, rendered to PNG at seed time (no downloads). */
export async function avatarPng(initials: string, from: string, to: string, size = 512): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100" height="100" fill="url(#g)"/>
  <circle cx="50" cy="40" r="17" fill="#ffffff" fill-opacity="0.85"/>
  <ellipse cx="50" cy="88" rx="30" ry="22" fill="#ffffff" fill-opacity="0.85"/>
  <text x="90" y="93" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A banner picture with a title, for offers and news. */
export async function bannerPng(title: string, from: string, to: string, width = 800, height = 500): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.25}" r="${height * 0.35}" fill="#fff" fill-opacity="0.12"/>
  <text x="40" y="${height - 50}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height / 9)}" font-weight="700" fill="#fff">${escapeXml(title)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function storePicture(
  db: DbOrTx,
  storage: FileStorage,
  png: Buffer,
  type: 'avatar' | 'logo' | 'offer_image' | 'news_image' | 'creative_image',
  filename: string,
): Promise<number> {
  const storageKey = `${randomUUID()}.png`;
  await storage.put(storageKey, png);
  return insertFile(db, { type, filename, mimeType: 'image/png', size: png.length, storageKey });
}
