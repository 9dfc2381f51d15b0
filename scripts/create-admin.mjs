// `npm run create-admin -- --email owner@example.com`: installs what is missing, builds the server when its build is
// missing or older than its sources, then creates an administrator of the database of DATA_DIR / DATABASE_URL and
// prints its set-password link (decision 028).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall, run } from './lib/ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tool = path.join(root, 'apps/server/dist/create-admin.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

ensureInstall(root);
const sources = Math.max(newest(path.join(root, 'apps/server/src')), newest(path.join(root, 'packages/contracts/src')));
if (!existsSync(tool) || statSync(tool).mtimeMs < sources) {
  run('npm run build --silent -w @portal/contracts && npm run build --silent -w @portal/server', root);
}
const result = spawnSync(process.execPath, [tool, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(result.status ?? 1);
