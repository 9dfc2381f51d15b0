// The server scripts of bench/lib run in child processes, each announcing its port and facts in its first message:
// starting, asking and stopping them is the same for every bench that compares servers.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-node-flags.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Exits with a clear line when the built server is missing. */
export function requireBuiltServer() {
  if (!fs.existsSync(path.join(here, '../../apps/server/dist/app.js'))) {
    console.error('apps/server/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
}

/**
 * Starts `bench/lib/<script>` in a child process; resolves with its first message (its port and facts). The app's
 * server runs with the node flags every start of the server carries (decision 140); the bare server with node's own.
 */
export function start(script, extraEnv, logLevel = 'warn') {
  const child = fork(path.join(here, script), [], {
    execArgv: script === 'app-server.mjs' ? [...process.execArgv, ...SERVER_NODE_FLAGS] : process.execArgv,
    env: { ...process.env, LOG_LEVEL: logLevel, NODE_ENV: 'production', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, ...info }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Stops a started server and waits for its exit. */
export async function stop(server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.disconnect();
  await exited;
}

/** Sends one message to a started server and resolves with its answer. */
export function ask(server, message) {
  return new Promise((resolve) => {
    server.child.once('message', resolve);
    server.child.send(message);
  });
}
