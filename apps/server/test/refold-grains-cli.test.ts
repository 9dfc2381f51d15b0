import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { holdDataDirLock } from '../src/lib/data-dir-lock.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `refold-grains` from the source, as `npm run refold-grains` runs its build, on a data directory. */
function refoldCli(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/refold-grains.ts')], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Decision 136: the tool an operator runs once after a rolling deploy across migration 0045 (report-weeks tests its work). */
describe('npm run refold-grains', () => {
  it('migrates the embedded database, says nothing needed changing and exits 0; refuses a data directory in use', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-refold-'));
    try {
      const first = await refoldCli(dataDir);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('The weekly grains already equal the daily grains: nothing changed.');
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
