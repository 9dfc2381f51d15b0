import type { FastifyBaseLogger } from 'fastify';
import { demoAccountsWithPublishedPasswords, seedDemo } from './seed/seed.js';
import { seedReference } from './seed/reference.js';
import { issueSetupKeyIfNoAdmin, setupLink } from './modules/setup/index.js';
import type { AppContext } from './context.js';

export type StartupReport = {
  /** Whether this start seeded the demo network (SEED_DEMO and an empty database). */
  demoSeeded: boolean;
  /** Demo accounts that still sign in with their published password. */
  openDemoAccounts: string[];
  /** The one-time first-admin link printed because no admin exists; null when one does. */
  setupUrl: string | null;
};

/**
 * What every start does before it listens (decision 028): reference data always; the demo network only with
 * SEED_DEMO on an empty database; a warning while demo accounts with published passwords exist; and on an install
 * with no admin at all, a one-time link to create the first one.
 */
export async function prepareInstall(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { traffic?: boolean } = {},
): Promise<StartupReport> {
  await seedReference(ctx.db);
  const demoSeeded = ctx.config.seedDemo ? await seedDemo(ctx, options) : false;
  if (demoSeeded) log.info('demo data seeded');

  const openDemoAccounts = await demoAccountsWithPublishedPasswords(ctx.db);
  if (openDemoAccounts.length > 0) {
    log.warn(
      { accounts: openDemoAccounts },
      `DEMO INSTALL: ${openDemoAccounts.length} demo accounts sign in with the passwords published in the README ` +
        `(${openDemoAccounts.join(', ')}), and the demo catalogue is open to anyone who reads the source. ` +
        'Never run a network on it: start on an empty database with SEED_DEMO=false and create the first admin ' +
        'with `npm run create-admin -- --email you@example.com` (README, "Deployment").',
    );
  }

  const key = await issueSetupKeyIfNoAdmin(ctx.db, ctx.now());
  const setupUrl = key ? setupLink(ctx.config.publicUrl, key) : null;
  if (setupUrl) {
    log.warn(
      `No administrator exists yet. Create the first one within 24 hours at ${setupUrl} ` +
        '(or run `npm run create-admin -- --email you@example.com`). This link works once.',
    );
  }
  return { demoSeeded, openDemoAccounts, setupUrl };
}
