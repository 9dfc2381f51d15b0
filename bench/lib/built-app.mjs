// The built app as a user meets it: `node apps/server/dist/main.js` (the server and apps/web/dist) on a temporary
// data directory with the demo network, as e2e/playwright.config.ts starts it; and a demo partner's session.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-node-flags.mjs';

export const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const DEMO_PARTNER = { username: 'partner@demo.test', password: 'Partner2025!' };
export const DEMO_ADMIN = { username: 'admin@demo.test', password: 'Admin2025!' };

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

/**
 * Starts the built server on a free port and waits for /healthz; `stop()` ends it and removes its data. `env` is added
 * to the server's environment (e.g. `WEB_DIST`, another build's web app to serve).
 */
export async function startBuiltServer({ port = Number(process.env.BENCH_PORT ?? 3497), env = {} } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  // A data directory already seeded with the demo (a stopped server's), copied: its start skips the demo's seeding,
  // minutes on a machine shared with other jobs.
  if (process.env.BENCH_SEEDED_DATA_DIR) fs.cpSync(process.env.BENCH_SEEDED_DATA_DIR, dataDir, { recursive: true });
  const baseURL = `http://localhost:${port}`;
  // `BENCH_SERVER_DIST`: another build's server (inside the repository, so that its packages resolve), for
  // interleaved before/after pairs of a change that touches the server too (decision 151).
  const serverDist = path.resolve(process.env.BENCH_SERVER_DIST ?? path.join(root, 'apps/server/dist'));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverDist, 'main.js')], {
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
      ...env,
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  // Seeding the demo takes a minute on a quiet machine and several on one shared with other jobs.
  const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 600);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (exited) throw new Error('the server stopped before answering /healthz');
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not answer /healthz within ${startSeconds} s`);
    }
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
export async function partnerSessionCookies(baseURL, account = DEMO_PARTNER) {
  return (await signIn(baseURL, account)).cookies;
}

/** A demo staff member's session (the admin), as `partnerSessionCookies` gives the partner's. */
export async function staffSessionCookies(baseURL) {
  return partnerSessionCookies(baseURL, DEMO_ADMIN);
}

/**
 * The daily screens of issue 52 (bench/lib/daily-screens.json), each path's `{offer}` replaced by the first offer of
 * the demo partner's list, and the session cookies of who opens it (`as`: partner or staff).
 */
export async function dailyScreens(baseURL) {
  const { screens } = JSON.parse(fs.readFileSync(path.join(root, 'bench/lib/daily-screens.json'), 'utf8'));
  const partner = await signIn(baseURL, DEMO_PARTNER);
  const staff = await signIn(baseURL, DEMO_ADMIN);
  const offers = await fetch(`${baseURL}/api/v1/offer?count=1`, {
    headers: { authorization: `Bearer ${partner.bearer}` },
  }).then((answer) => answer.json());
  const offer = offers.data?.list?.[0]?.id;
  if (offer === undefined) throw new Error('the demo partner has no offer');
  return screens.map((screen) => ({
    ...screen,
    path: screen.path.replace('{offer}', String(offer)),
    cookies: screen.as === 'staff' ? staff.cookies : partner.cookies,
  }));
}

async function signIn(baseURL, account) {
  const answer = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = await answer.json();
  if (!answer.ok || !body.data?.bearer) throw new Error(`demo sign-in of ${account.username} failed: ${answer.status}`);
  const { hostname } = new URL(baseURL);
  const cookie = (name, value) => ({ name, value, domain: hostname, path: '/', sameSite: 'Strict' });
  // Stored as lib/session.ts writes it: an ISO date (the API may answer seconds or milliseconds since the epoch).
  const expireAt = String(body.data.expireAt);
  const numeric = /^\d+$/.test(expireAt) ? Number(expireAt) : null;
  const expiry = numeric === null ? new Date(expireAt) : new Date(numeric < 1e12 ? numeric * 1000 : numeric);
  return {
    bearer: body.data.bearer,
    cookies: [cookie('token', body.data.bearer), cookie('expiry', expiry.toISOString())],
  };
}
