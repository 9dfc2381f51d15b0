import type { AppConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { failureStats, passwordOf, recordFailure } from './credentials.repository.js';

/**
 * Failed proofs of identity (a wrong password at sign-in or when a signed-in user confirms a
 * sensitive change, a wrong two-factor code), counted per account and per IP in `auth_failures`
 * (decisions 003 and 030). Shared by the sign-in (modules/auth), two-factor changes
 * (modules/two-factor) and bank-detail changes (modules/account), so it is a module of its own (decision 065).
 *
 * - Per IP: at most `loginMaxFailuresPerIp` failures in 15 minutes, then 429 until the oldest leaves the window.
 * - Per account: `loginMaxFailuresPerAccount` failures are free; after n failures (n ≥ that limit) the next
 *   attempt must wait 2^(n - limit) seconds after the last one, at most 15 minutes: a growing delay, not a lock.
 *   Failures count for 24 hours, and a successful sign-in clears them.
 */
const IP_WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_ACCOUNT_DELAY_SECONDS = 15 * 60;

/** The wait after `failures` failures of an account, in seconds (0 while under the free allowance). */
export function accountDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_ACCOUNT_DELAY_SECONDS, 2 ** (failures - free));
}

function waitMessage(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}

const tooMany = (seconds: number) =>
  tooManyRequests(`Too many failed sign-in attempts. Please try again in ${waitMessage(seconds)}.`, seconds);

/**
 * 429 with Retry-After while the IP is over its limit or the account's delay has not passed;
 * called before any secret is checked. `account` is the lower-case e-mail, or null when unknown.
 */
export async function assertSignInAllowed(
  db: DbOrTx,
  config: Pick<AppConfig, 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerIp'>,
  account: string | null,
  ip: string,
  now: Date,
): Promise<void> {
  if (account) {
    const stats = await failureStats(db, 'account', account, new Date(now.getTime() - ACCOUNT_WINDOW_MS));
    const delayMs = accountDelaySeconds(stats.count, config.loginMaxFailuresPerAccount) * 1000;
    const waitMs = stats.newest ? stats.newest.getTime() + delayMs - now.getTime() : 0;
    if (delayMs > 0 && waitMs > 0) throw tooMany(Math.ceil(waitMs / 1000));
  }
  const stats = await failureStats(db, 'ip', ip, new Date(now.getTime() - IP_WINDOW_MS));
  if (stats.count >= config.loginMaxFailuresPerIp) {
    const oldest = stats.oldest ?? now;
    throw tooMany(Math.max(1, Math.ceil((oldest.getTime() + IP_WINDOW_MS - now.getTime()) / 1000)));
  }
}

/**
 * A signed-in user proves it is still the owner before a sensitive change (password, two-factor,
 * bank details). The same limits as the sign-in apply, a wrong password counts as a failed
 * sign-in of the account and the IP, and the answer is 400 with the error under `field`. A right
 * password does not clear the account's failures: only a full sign-in does.
 */
export async function verifyCurrentPassword(
  db: DbOrTx,
  config: Pick<AppConfig, 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerIp'>,
  options: { userId: number; password: string; ip: string; now: Date; field: string; message: string },
): Promise<{ email: string }> {
  const user = await passwordOf(db, options.userId);
  if (!user) throw unauthorized();
  const account = user.email.toLowerCase();
  await assertSignInAllowed(db, config, account, options.ip, options.now);
  if (!(await verifyPassword(user.passwordHash, options.password))) {
    await recordFailure(db, account, options.ip, options.now);
    throw badRequest(options.message, { [options.field]: options.message });
  }
  return { email: user.email };
}
