// The built app as a user meets it: `node apps/server/dist/main.js` (the server and apps/web/dist) on a temporary
// data directory with the demo network, as e2e/playwright.config.ts starts it; and a demo partner's session.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const DEMO_PARTNER = { username: 'partner@demo.test', password: 'Partner2025!' };

/** `npm run build` unless asked to measure the build already there (`--no-build`). */
export function buildUnlessAsked(argv = process.argv) {
  if (argv.includes('--no-build')) {
    if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
      throw new Error('apps/web/dist is missing: build first.');
    return;
  }
  console.log('Building (npm run build; --no-build measures the existing build)…');
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** Starts the built server on a free port and waits for /healthz; `stop()` ends it and removes its data. */
export async function startBuiltServer({ port = Number(process.env.BENCH_PORT ?? 3497) } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const baseURL = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error('the server stopped before answering /healthz');
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseURL, stop };
}

/**
 * The demo partner's session, signed in through the API: the cookies the web app keeps it in (lib/session.ts,
 * `token` and `expiry`), to put in a browser before its first page so that the page load itself stays cold.
 */
export async function partnerSessionCookies(baseURL) {
  const answer = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_PARTNER),
  });
  const body = await answer.json();
  if (!answer.ok || !body.data?.bearer) throw new Error(`demo partner sign-in failed: ${answer.status}`);
  const { hostname } = new URL(baseURL);
  const cookie = (name, value) => ({ name, value, domain: hostname, path: '/', sameSite: 'Strict' });
  // Stored as lib/session.ts writes it: an ISO date (the API may answer seconds or milliseconds since the epoch).
  const expireAt = String(body.data.expireAt);
  const numeric = /^\d+$/.test(expireAt) ? Number(expireAt) : null;
  const expiry = numeric === null ? new Date(expireAt) : new Date(numeric < 1e12 ? numeric * 1000 : numeric);
  return [cookie('token', body.data.bearer), cookie('expiry', expiry.toISOString())];
}
