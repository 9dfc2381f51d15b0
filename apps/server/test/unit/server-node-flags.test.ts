import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { SERVER_NODE_FLAGS } from '../../../../scripts/lib/server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Decision 140: every start of the server carries the same node flags, those written by hand included. */
describe('the server’s node flags', () => {
  const flags = (SERVER_NODE_FLAGS as string[]).join(' ');

  it('are the young generation of 32 MB', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=32']);
  });

  it('are on `npm run serve` and the systemd unit, before the server’s script', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.serve).toBe(`node ${flags} apps/server/dist/main.js`);
    expect(read('deploy/systemd/portal@.service')).toContain(
      `ExecStart=/usr/bin/node ${flags} apps/server/dist/main.js`,
    );
  });

  it('are passed by `npm start`, the local cluster and the benches that start the server', () => {
    for (const file of [
      'scripts/start.mjs',
      'deploy/local-cluster.mjs',
      'bench/lib/built-app.mjs',
      'bench/lib/child-server.mjs',
    ]) {
      expect(read(file), file).toMatch(/\.\.\.SERVER_NODE_FLAGS/);
    }
  });
});
