import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { appSecrets } from '../db/schema.js';

/** `app_secrets`' SQL: the server-wide secrets secrets.ts creates on first use. */

/** Stores a secret unless one of that name exists (the primary key keeps the first of racing processes). */
export async function insertSecretIfAbsent(db: DbOrTx, name: string, value: string): Promise<void> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing({ target: appSecrets.name });
}

export async function secretValue(db: DbOrTx, name: string): Promise<string | undefined> {
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return rows[0]?.value;
}
