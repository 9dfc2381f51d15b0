import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client.js';
import { insertSecretIfAbsent, secretValue } from './secrets.repository.js';

/** Names of the server-wide secrets kept in `app_secrets`. */
export type SecretName = 'file-link-signing' | 'two-factor-code-key';

/** Reads a secret, creating it on first use. */
export async function loadOrCreateSecret(db: DbOrTx, name: SecretName): Promise<Buffer> {
  // Every process may race to create it: the primary key keeps the first, and all read that one.
  await insertSecretIfAbsent(db, name, randomBytes(32).toString('base64url'));
  const value = await secretValue(db, name);
  if (!value) throw new Error(`secret ${name} could not be loaded`);
  return Buffer.from(value, 'base64url');
}

/**
 * Secrets generated on first use and stored in the database, so that every server process
 * (and a restart) signs with the same key without any configuration. Cached per process.
 */
export function secretStore(db: DbOrTx) {
  const cache = new Map<SecretName, Promise<Buffer>>();
  return {
    get(name: SecretName): Promise<Buffer> {
      let secret = cache.get(name);
      if (!secret) {
        secret = loadOrCreateSecret(db, name);
        cache.set(name, secret);
        secret.catch(() => cache.delete(name));
      }
      return secret;
    },
  };
}
export type SecretStore = ReturnType<typeof secretStore>;
