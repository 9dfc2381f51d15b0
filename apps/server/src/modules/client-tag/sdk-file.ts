import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/**
 * The tag's script (sdk.js beside this file in src/, plain ES5 so that it is served as written): resolved from the
 * server folder, so the built server (dist/modules/client-tag/) reads the same file as the sources do.
 */
const SDK_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/modules/client-tag/sdk.js');

export type SdkScript = { plain: Buffer; gzip: Buffer; etag: string };

let script: SdkScript | null = null;

/** Read once, compressed once: the script is the same for every advertiser (its set-up is in its tag's attributes). */
export function sdkScript(): SdkScript {
  if (script) return script;
  const plain = fs.readFileSync(SDK_FILE);
  script = {
    plain,
    gzip: gzipSync(plain, { level: 9 }),
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 16)}"`,
  };
  return script;
}
