/**
 * The README's Deployment section, run as written (decision 028): a network's install with no demo and a first
 * admin from the command line; and a server with no admin at all, whose one-time /setup link names the first one.
 * Each test starts its own server from the suite's build, on its own port and database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const OWNER_PASSWORD = 'Owner2026!deploy';

/** The bash block of the README's "Deployment" section, line by line. */
function deploymentCommands(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Deployment$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README has no Deployment command block');
  return block.split('\n').filter((line) => line.trim() !== '');
}

type Install = { env: NodeJS.ProcessEnv; url: string; drop: () => Promise<void> };

/** A fresh database (PostgreSQL when the suite has one, else PGlite in a new DATA_DIR) and the server's address. */
async function freshInstall(port: number): Promise<Install> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
  const url = `http://localhost:${port}`;
  const base = { DATA_DIR: dataDir, PUBLIC_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    return { env: base, url, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `portal_deploy_${Date.now()}_${port}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const databaseUrl = new URL(admin);
  databaseUrl.pathname = `/${name}`;
  return {
    env: { ...base, DATABASE_URL: databaseUrl.toString() },
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The README's environment with this test's database and address in place of the example ones; SMTP_URL is left out
 * (mail goes to DATA_DIR/outbox), every other variable is taken as written (SEED_DEMO=false, TRUST_PROXY=true).
 */
function readmeEnvironment(commands: string[], install: Install): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_DATA_DIR: undefined, DATABASE_URL: undefined };
  for (const line of commands.filter((l) => l.startsWith('export '))) {
    for (const [, name, value] of line.slice('export '.length).matchAll(/(\w+)=(\S+)/g)) env[name!] = value;
  }
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  return { ...env, ...install.env };
}

type Server = { process: ChildProcess; log: () => string };

async function startServer(command: string, env: NodeJS.ProcessEnv, url: string): Promise<Server> {
  const taken = await fetch(`${url}/healthz`).then(
    () => true,
    () => false,
  );
  expect(taken, `${url} is free for this test's server`).toBe(false);
  // A process group of its own: npm does not pass SIGTERM on to the server it started, so the group is stopped whole.
  const child = spawn('bash', ['-c', command], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited: ${log}`);
        if (!log.includes(url)) return 0; // not this test's server yet (the port may be another's)
        return fetch(`${url}/healthz`)
          .then((r) => r.status)
          .catch(() => 0);
      },
      { timeout: 90_000, message: 'the server answers /healthz' },
    )
    .toBe(200);
  return { process: child, log: () => log };
}

async function stopServer(server: Server | undefined, url: string) {
  if (!server?.process.pid) return;
  try {
    process.kill(-server.process.pid, 'SIGTERM');
  } catch {
    return; // the group is gone already
  }
  await expect
    .poll(
      () =>
        fetch(`${url}/healthz`).then(
          () => 'up',
          () => 'down',
        ),
      {
        timeout: 30_000,
        message: 'the server stops',
      },
    )
    .toBe('down');
}

async function choosePassword(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(page.getByTestId('password-reset-success')).toContainText(
    'Your password has been changed successfully.',
  );
}

async function signInAsOwner(page: Page, url: string, email: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // The admin reaches the back-office, where the network has no partner yet: nothing of the demo.
  await page.goto(`${url}/staff/partners?status=all`);
  await expect(page.getByTestId('page-title')).toHaveText('Partners');
  await expect(page.getByTestId('staff-partners-empty')).toHaveText('No partner here.');
}

async function expectNoDemo(url: string) {
  const demo = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO.admin.email, password: DEMO.admin.password }),
  });
  expect(demo.status).toBe(401);
}

test.describe('deployment', () => {
  test.setTimeout(240_000);

  test('the README Deployment commands start an install with no demo and a first admin from the command line', async ({
    page,
  }) => {
    const commands = deploymentCommands();
    // The suite itself is the fresh clone, installed and built: every other line runs as written.
    const done = [/^git clone /, /^npm ci && npm run build$/];
    const steps = commands.filter((l) => !l.startsWith('export ') && !done.some((re) => re.test(l)));
    expect(steps).toEqual(['npm run create-admin -- --email owner@example.com', 'npm run serve']);

    const install = await freshInstall(BASE_PORT);
    const env = readmeEnvironment(commands, install);
    expect(env.SEED_DEMO).toBe('false');
    let server: Server | undefined;
    try {
      const created = spawnSync('bash', ['-c', steps[0]!], { cwd: root, env, encoding: 'utf8', timeout: 180_000 });
      expect(created.status, created.stderr).toBe(0);
      const link = new RegExp(`${install.url}/password-reset\\?key=[A-Za-z0-9_-]+`).exec(created.stdout)?.[0];
      expect(link, created.stdout).toBeTruthy();

      server = await startServer(steps[1]!, env, install.url);
      await expectNoDemo(install.url);
      expect(server.log()).not.toContain('DEMO INSTALL');
      expect(server.log()).not.toContain('/setup?key=');

      await choosePassword(page, link!);
      await signInAsOwner(page, install.url, 'owner@example.com');
    } finally {
      await stopServer(server, install.url);
      await install.drop();
    }
  });

  test('a server with no admin prints a one-time /setup link where the first admin is named', async ({ page }) => {
    const install = await freshInstall(BASE_PORT + 1);
    const env = {
      ...process.env,
      E2E_DATA_DIR: undefined,
      DATABASE_URL: undefined,
      SEED_DEMO: 'false',
      ...install.env,
    };
    let server: Server | undefined;
    try {
      server = await startServer('npm run serve', env, install.url);
      await expectNoDemo(install.url);
      const setup = new RegExp(`${install.url}/setup\\?key=[A-Za-z0-9_-]+`).exec(server.log())?.[0];
      expect(setup, server.log()).toBeTruthy();

      await page.goto(setup!);
      await expect(page.getByTestId('page-title')).toHaveText('Create the first administrator');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByText('This field is required.').first()).toBeVisible();
      await page.getByLabel('Email', { exact: true }).fill('founder@example.com');
      await page.getByLabel('First name', { exact: true }).fill('Fran');
      await page.getByLabel('Last name', { exact: true }).fill('Founder');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(/\/password-reset\?key=/);
      await choosePassword(page, page.url());
      await signInAsOwner(page, install.url, 'founder@example.com');

      // The link is spent. (Off the app first: a signed-in page that finds its cookies gone sends itself to the
      // sign-in page, and that navigation would race this one.)
      await page.goto('about:blank');
      await page.context().clearCookies();
      await page.goto(setup!);
      await expect(page.getByTestId('setup-invalid')).toContainText('The link is either invalid or has expired.');
    } finally {
      await stopServer(server, install.url);
      await install.drop();
    }
  });
});
