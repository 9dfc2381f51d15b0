// `npm start`: install what is missing, build when a source changed since the last build, then run the server (it
// migrates, seeds an empty database and serves the portal and the API on http://localhost:3000 by default). A restart
// with nothing changed skips the build (issue 51); `npm run serve` never builds.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall, run } from './lib/ensure-install.mjs';
import { buildIsCurrent, writeBuildStamp } from './lib/build-stamp.mjs';
import { SERVER_NODE_FLAGS } from './lib/server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureInstall(root);
if (buildIsCurrent(root)) {
  console.log('> build is current (no source changed since the last build)');
} else {
  run('npm run build --silent', root);
  writeBuildStamp(root);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
