import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque secret of 256 bits from the CSPRNG, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and keys are stored only as their SHA-256: a leaked table grants nothing. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Whether two digests, signatures or hashes are the same bytes, in a time that does not tell where they first differ.
 * Unequal lengths are simply unequal (node's timingSafeEqual would throw on them).
 */
export function equalDigests(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
