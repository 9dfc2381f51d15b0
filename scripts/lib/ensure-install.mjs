// Installs the workspace's dependencies when they are missing or older than the lockfile.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'packages/contracts/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'e2e/package.json',
];

export function ensureInstall(root) {
  const hash = createHash('sha256');
  for (const file of MANIFESTS) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  const digest = hash.digest('hex');
  const stamp = path.join(root, 'node_modules', '.portal-install-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  const command = existsSync(path.join(root, 'package-lock.json')) ? 'npm ci' : 'npm install';
  console.log(`> ${command} (dependencies missing or changed)`);
  execSync(`${command} --no-audit --no-fund`, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, digest);
}

export function run(command, root, env = {}) {
  console.log(`> ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}
