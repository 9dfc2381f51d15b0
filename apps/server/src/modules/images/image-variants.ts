import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Decoded pixels a source may have: refuses decompression bombs before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
const CACHE_MAX_ENTRIES = 500;
/** Resized variants kept in memory, in bytes of encoded output. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A variant larger than this is served but not cached, so that a few huge ones can't evict everything. */
const CACHE_MAX_ENTRY_BYTES = 4 * 1024 * 1024;

export type VariantRequest = { w?: number | undefined; h?: number | undefined; crop: boolean };
export type Variant = { body: Buffer; type: string };

/** What went wrong with a source picture: unreadable (missing, not an image) or too large to decode. */
export class ImageSourceError extends Error {
  constructor(readonly reason: 'unreadable' | 'too_large') {
    super(reason);
  }
}

/** Identifies one variant of one stored file; the storage key changes whenever the file does. */
export function variantKey(fileId: number, storageKey: string, request: VariantRequest): string {
  return `${fileId}:${storageKey}:${request.w ?? ''}:${request.h ?? ''}:${request.crop ? 1 : 0}`;
}

export function etagOf(key: string): string {
  return `"${createHash('sha1').update(key).digest('base64url')}"`;
}

/** Whether an If-None-Match header (a list, weak tags or '*') matches the tag. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** PNG and WebP keep their transparency; everything else is served as JPEG. */
function outputType(mimeType: string): 'image/png' | 'image/webp' | 'image/jpeg' {
  if (mimeType === 'image/png') return 'image/png';
  if (mimeType === 'image/webp') return 'image/webp';
  return 'image/jpeg';
}

export async function renderVariant(original: Buffer, mimeType: string, request: VariantRequest): Promise<Variant> {
  const type = outputType(mimeType);
  try {
    let pipeline = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (request.w || request.h) {
      pipeline = pipeline.resize({
        ...(request.w ? { width: request.w } : {}),
        ...(request.h ? { height: request.h } : {}),
        // c=1 covers the box exactly (cropping the overflow); c=0 fits inside it and never enlarges.
        fit: request.crop ? 'cover' : 'inside',
        withoutEnlargement: !request.crop,
      });
    }
    const encoded =
      type === 'image/png' ? pipeline.png() : type === 'image/webp' ? pipeline.webp() : pipeline.jpeg({ quality: 85 });
    return { body: await encoded.toBuffer(), type };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new ImageSourceError(/pixel limit/i.test(message) ? 'too_large' : 'unreadable');
  }
}

/**
 * A least-recently-used cache of resized variants, bounded by entries and by bytes, which also
 * joins concurrent requests for the same variant so that it is rendered once.
 */
export class VariantCache {
  private readonly entries = new Map<string, Variant>();
  private readonly pending = new Map<string, Promise<Variant>>();
  private bytes = 0;

  get size(): number {
    return this.entries.size;
  }

  async getOrRender(key: string, render: () => Promise<Variant>): Promise<Variant> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const running = this.pending.get(key);
    if (running) return running;
    const promise = render()
      .then((variant) => {
        this.store(key, variant);
        return variant;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  private store(key: string, variant: Variant): void {
    if (variant.body.length > CACHE_MAX_ENTRY_BYTES) return;
    this.entries.set(key, variant);
    this.bytes += variant.body.length;
    while (this.entries.size > CACHE_MAX_ENTRIES || this.bytes > CACHE_MAX_BYTES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.bytes -= this.entries.get(oldest.value)?.body.length ?? 0;
      this.entries.delete(oldest.value);
    }
  }
}
