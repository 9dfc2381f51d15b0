import { EmailSchema, FIRST_ADMIN_LINK_TTL_MS, formErrorText } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { equalDigests, randomToken, sha256 } from '../../lib/tokens.js';
import { issuePasswordKey, passwordKeyLink } from '../auth/index.js';
import * as repo from './setup.repository.js';

/**
 * The first administrator of an install (decision 028): from the command line (`npm run create-admin`), or through
 * the one-time `/setup` link an install with no admin prints at start. Either way the admin has no password until
 * they choose one through a set-password link valid 24 hours.
 */

export const INVALID_SETUP_KEY = 'The link is either invalid or has expired.';
export const EMAIL_TAKEN = 'An account with this email already exists.';

export type CreatedAdmin = { userId: number; passwordKey: string; created: boolean };

function parseEmail(email: string): string {
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) {
    const rule = parsed.error.issues[0]?.message ?? 'email';
    throw badRequest(formErrorText(rule), { email: formErrorText(rule) });
  }
  return parsed.data;
}

/**
 * Creates an admin with no password and answers a set-password key. Run again for the same admin, it answers a fresh
 * key (the earlier ones stop working); an e-mail that belongs to anyone else is a 409.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; firstname?: string; lastname?: string },
  now: Date,
): Promise<CreatedAdmin> {
  const email = parseEmail(input.email);
  try {
    return await db.transaction(async (tx) => {
      const existing = await repo.findUserByEmail(tx, email);
      if (existing && !existing.roles.includes(repo.ADMIN_ROLE)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const userId =
        existing?.id ??
        (await repo.insertAdmin(
          tx,
          { email, firstname: input.firstname?.trim() || 'Network', lastname: input.lastname?.trim() || 'Admin' },
          now,
        ));
      const passwordKey = await issuePasswordKey(tx, userId, now, FIRST_ADMIN_LINK_TTL_MS);
      return { userId, passwordKey, created: !existing };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

export { passwordKeyLink };

/** The address of the first-run setup screen for a key. */
export function setupLink(publicUrl: string, key: string): string {
  return `${publicUrl}/setup?key=${encodeURIComponent(key)}`;
}

/** On an install with no admin, a new setup key (any earlier one stops working); otherwise null. */
export async function issueSetupKeyIfNoAdmin(db: DbOrTx, now: Date): Promise<string | null> {
  if (await repo.hasAdmin(db)) return null;
  const key = randomToken();
  await repo.storeSetupKey(db, sha256(key), new Date(now.getTime() + FIRST_ADMIN_LINK_TTL_MS));
  return key;
}

async function setupKeyMatches(db: DbOrTx, key: string, now: Date, lock: boolean): Promise<boolean> {
  const stored = await repo.readSetupKey(db, lock);
  if (!stored || stored.expiresAt.getTime() <= now.getTime()) return false;
  const given = Buffer.from(sha256(key), 'hex');
  const expected = Buffer.from(stored.keyHash, 'hex');
  return equalDigests(given, expected);
}

/** Whether a setup link can still be used: it matches, has not expired, and no admin exists yet. */
export async function isSetupKeyValid(db: DbOrTx, key: string, now: Date): Promise<boolean> {
  return (await setupKeyMatches(db, key, now, false)) && !(await repo.hasAdmin(db));
}

/** Spends a setup key on the first admin, in one transaction: two submits of one link make one admin. */
export async function createFirstAdmin(
  db: Db,
  input: { key: string; email: string; firstname: string; lastname: string },
  now: Date,
): Promise<{ userId: number; passwordKey: string }> {
  const email = parseEmail(input.email);
  try {
    return await db.transaction(async (tx) => {
      const matches = await setupKeyMatches(tx, input.key, now, true);
      if (!matches || (await repo.hasAdmin(tx))) throw badRequest(INVALID_SETUP_KEY, { key: INVALID_SETUP_KEY });
      if (await repo.findUserByEmail(tx, email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const userId = await repo.insertAdmin(tx, { email, firstname: input.firstname, lastname: input.lastname }, now);
      await repo.deleteSetupKey(tx, sha256(input.key));
      const passwordKey = await issuePasswordKey(tx, userId, now, FIRST_ADMIN_LINK_TTL_MS);
      return { userId, passwordKey };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}
