import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs one of the server's command-line tools (`src/<tool>.ts`) from the source, as `npm run <tool>` runs its build,
 * with only PATH, a silent log and `env` in its environment.
 */
export function serverToolCli(
  tool: 'create-admin' | 'refold-grains',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, `src/${tool}.ts`), ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
