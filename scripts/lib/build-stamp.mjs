// Whether the build is up to date (issue 51: a restart after a crash serves within seconds, not after a full build).
// The fingerprint is every input file's path, size and modification time, plus the manifests' contents; the build's
// outputs must exist too. `npm start` builds only when the fingerprint differs from the one the last build wrote.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the three builds read (contracts, server, web): sources, their configs and the manifests. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contracts/package.json',
  'packages/contracts/tsconfig.build.json',
  'packages/contracts/src',
  'apps/server/package.json',
  'apps/server/tsconfig.build.json',
  'apps/server/src',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/index.html',
  'apps/web/login.html',
  'apps/web/vite',
  'apps/web/public',
  'apps/web/src',
];

/** What a finished build leaves: without them the build runs whatever the stamp says. */
const OUTPUTS = ['packages/contracts/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];

const STAMP = 'node_modules/.portal-build-stamp';

function walk(full, hash, root) {
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) walk(path.join(full, name), hash, root);
    return;
  }
  hash.update(`${path.relative(root, full)}\0${stat.size}\0${stat.mtimeMs}\n`);
}

export function buildFingerprint(root) {
  const hash = createHash('sha256');
  for (const input of INPUTS) walk(path.join(root, input), hash, root);
  return hash.digest('hex');
}

export function buildIsCurrent(root) {
  if (!OUTPUTS.every((file) => existsSync(path.join(root, file)))) return false;
  const stamp = path.join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === buildFingerprint(root);
}

export function writeBuildStamp(root) {
  writeFileSync(path.join(root, STAMP), buildFingerprint(root));
}
