// `npm run create-admin -- --email owner@example.com`: installs what is missing, builds the server, then creates the
// first administrator of the database of DATA_DIR / DATABASE_URL and prints its set-password link (decision 028).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall, run } from './lib/ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureInstall(root);
run('npm run build --silent -w @portal/contracts && npm run build --silent -w @portal/server', root);
const result = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/create-admin.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(result.status ?? 1);
