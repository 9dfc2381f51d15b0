import { eq } from 'drizzle-orm';
import type { TrafficSettings } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { networkSettings } from '../../db/schema.js';

/**
 * The `network_settings` name of the default fallback URL (decision 105), a JSON string. The click context reads it in
 * its offer query (click.repository.ts), so that the redirect costs no round trip more.
 */
export const DEFAULT_FALLBACK_URL = 'defaultFallbackUrl';

export async function trafficSettings(db: DbOrTx): Promise<TrafficSettings> {
  const [row] = await db.select().from(networkSettings).where(eq(networkSettings.name, DEFAULT_FALLBACK_URL));
  return { defaultFallbackUrl: typeof row?.value === 'string' ? row.value : null };
}

export async function saveTrafficSettings(tx: DbOrTx, settings: TrafficSettings, by: number, now: Date) {
  if (settings.defaultFallbackUrl === null) {
    await tx.delete(networkSettings).where(eq(networkSettings.name, DEFAULT_FALLBACK_URL));
    return;
  }
  const value = settings.defaultFallbackUrl;
  await tx
    .insert(networkSettings)
    .values({ name: DEFAULT_FALLBACK_URL, value, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({ target: networkSettings.name, set: { value, updatedBy: by, updatedAt: now } });
}
