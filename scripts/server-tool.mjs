// `node scripts/server-tool.mjs <tool> [args]`, behind `npm run create-admin` (decision 028) and `npm run
// refold-grains` (decision 136): installs what is missing, builds the server when its build is missing or older than
// its sources, then runs the server's command-line tool `apps/server/dist/<tool>.js` on the database of DATA_DIR /
// DATABASE_URL with the remaining arguments.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall, run } from './lib/ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = ['create-admin', 'refold-grains'];
const [name, ...args] = process.argv.slice(2);
if (!TOOLS.includes(name)) {
  console.error(`Usage: node scripts/server-tool.mjs <${TOOLS.join('|')}> [arguments]`);
  process.exit(2);
}
const tool = path.join(root, `apps/server/dist/${name}.js`);

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
const result = spawnSync(process.execPath, [tool, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(result.status ?? 1);
