import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdDataDirLock } from '../src/lib/data-dir-lock.js';
import { serverToolCli } from './server-tool-cli.js';

/** Runs `refold-grains` from the source, as `npm run refold-grains` runs its build, on a data directory. */
const refoldCli = (dataDir: string) => serverToolCli('refold-grains', [], { DATA_DIR: dataDir });

/** Decision 136: the tool an operator runs once after a rolling deploy across migration 0045 (report-weeks tests its work). */
describe('npm run refold-grains', () => {
  it('migrates the embedded database, says nothing needed changing and exits 0; refuses a data directory in use', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-refold-'));
    try {
      const first = await refoldCli(dataDir);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain(
        'The weekly grains and the goal grain per offer already equal the grains they fold: nothing changed.',
      );
      // Decision 142: and the weekly grains in the base currency built again.
      expect(first.stdout).toContain('The weekly grains in the base currency (EUR) built again.');
      const held = holdDataDirLock(dataDir);
      try {
        const refused = await refoldCli(dataDir);
        expect(refused.code).toBe(1);
        expect(refused.stdout).toBe('');
      } finally {
        held.release();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
