import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO = {
  partner: { email: 'partner@demo.test', password: 'Partner2025!' },
  /** A second demo partner, free for tests that change its password. */
  bluebird: { email: 'bluebird@demo.test', password: 'Partner2025!' },
  manager: { email: 'manager@demo.test', password: 'Manager2025!', name: 'Claire Martin' },
  admin: { email: 'admin@demo.test', password: 'Admin2025!' },
} as const;

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return dir;
};

/** The e-mails the server wrote to DATA_DIR/outbox, newest last, decoded from quoted-printable. */
export function outbox(): { file: string; to: string; subject: string; body: string }[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const body = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(body)?.[1]?.trim() ?? '';
      return { file, to: header('To'), subject: header('Subject'), body };
    });
}

/** Waits for the newest mail to an address and answers the link it carries. */
export async function resetLinkFor(email: string, after = 0): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = outbox()
          .filter((m) => m.to.includes(email))
          .slice(after)
          .pop();
        link = /(https?:\/\/\S+\/password-reset\?key=[A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

export async function signIn(page: Page, email: string, password: string, options: { rememberMe?: boolean } = {}) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).first().fill(password);
  if (options.rememberMe) await page.getByLabel(/remember me/i).check();
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
