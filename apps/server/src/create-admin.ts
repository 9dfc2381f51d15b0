/**
 * `npm run create-admin -- --email owner@example.com [--firstname Jane] [--lastname Doe]` (decision 028): creates an
 * administrator with no password on the database of DATA_DIR / DATABASE_URL and prints a one-time set-password link
 * (valid 24 hours) built from PUBLIC_URL. Run again for the same admin, it prints a fresh link. With the embedded
 * PGlite, stop the server first (it refuses while one holds the data directory); on PostgreSQL it may run beside it.
 *
 * Exit codes: 0 done, 1 refused (e-mail taken, database in use), 2 bad arguments or configuration.
 */
import { parseArgs } from 'node:util';
import { EmailSchema, formErrorText } from '@portal/contracts';
import { seedReference } from './seed/reference.js';
import { AppError } from './lib/errors.js';
import { createAdmin, passwordKeyLink } from './modules/setup/index.js';
import { openToolDatabase, runTool } from './tool-database.js';

const USAGE = 'Usage: npm run create-admin -- --email owner@example.com [--firstname Jane] [--lastname Doe]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { email: { type: 'string' }, firstname: { type: 'string' }, lastname: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!args.email) {
    console.error(`The e-mail of the administrator is missing.\n${USAGE}`);
    return 2;
  }
  // A malformed address is refused before the database is opened (the same rule and words as the service's).
  const email = EmailSchema.safeParse(args.email);
  if (!email.success) {
    console.error(`${formErrorText(email.error.issues[0]?.message ?? 'email')} (${args.email})`);
    return 2;
  }
  const opened = await openToolDatabase();
  if (typeof opened === 'number') return opened;
  const { config, database } = opened;
  try {
    await database.migrate();
    await seedReference(database.db);
    const admin = await createAdmin(
      database.db,
      { email: args.email, firstname: args.firstname, lastname: args.lastname },
      new Date(),
    );
    const link = passwordKeyLink(config.publicUrl, admin.passwordKey);
    console.log(
      admin.created
        ? `Administrator ${args.email.trim().toLowerCase()} created. Choose its password within 24 hours at:`
        : `Administrator ${args.email.trim().toLowerCase()} exists: a fresh set-password link (earlier ones no longer work), valid 24 hours:`,
    );
    console.log(link);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${error.message} (${args.email})`);
      return error.status === 400 ? 2 : 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

runTool(main);
