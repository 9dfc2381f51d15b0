import type { TrafficSettings } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { saveTrafficSettings, trafficSettings } from './network-settings.repository.js';

/** Sets the network's default fallback URL (decision 105), audited as `network_setting` `traffic`, in one transaction. */
export async function changeTrafficSettings(
  db: Db,
  actor: AuditActor,
  userId: number,
  settings: TrafficSettings,
  now: Date,
): Promise<TrafficSettings> {
  return db.transaction(async (tx) => {
    const before = await trafficSettings(tx);
    await saveTrafficSettings(tx, settings, userId, now);
    const changes = diffFields(before, settings);
    await recordAudit(
      tx,
      actor,
      [{ action: 'update', entityType: 'network_setting', entityId: 'traffic', changes }],
      now,
    );
    return trafficSettings(tx);
  });
}
