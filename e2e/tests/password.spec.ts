import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  TEXT,
  apiLogin,
  expectShell,
  mailCount,
  resetLinkFor,
  signIn,
  snackbar,
  uniqueEmail,
} from '../fixtures.js';

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Reset Link', exact: true });
const changeButton = (page: Page) => page.getByRole('button', { name: 'Change password', exact: true });
const newPassword = (page: Page) => page.getByLabel('New password', { exact: true });
const confirmPassword = (page: Page) => page.getByLabel('Confirm password', { exact: true });

async function requestResetLink(page: Page, email: string) {
  await page.goto('/password-lost');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await sendButton(page).click();
  await expect(page.getByTestId('password-lost-sent')).toHaveText(TEXT.lostSentTitle);
}

async function expectInvalidLinkView(page: Page) {
  const view = page.getByTestId('password-reset-invalid');
  await expect(view).toBeVisible();
  await expect(view.getByText(TEXT.resetInvalidTitle, { exact: true })).toBeVisible();
  await expect(view.getByText(TEXT.resetInvalidText, { exact: true })).toBeVisible();
  await expect(view.getByRole('link')).toHaveAttribute('href', '/password-lost');
  await expect(newPassword(page)).toHaveCount(0);
}

test.describe('password lost', () => {
  test('"Send Reset Link" is disabled until the email is valid, then the sent view shows', async ({ page }) => {
    await page.goto('/password-lost');
    await expect(page.getByTestId('page-title')).toHaveText('Forgot your password?');
    await expect(page.getByRole('link', { name: 'Back to sign in', exact: true })).toHaveAttribute('href', '/login');
    const email = page.getByLabel('Email', { exact: true });

    await expect(sendButton(page)).toBeDisabled();
    await email.fill('not-an-email');
    await expect(sendButton(page)).toBeDisabled();
    await email.fill('someone@');
    await expect(sendButton(page)).toBeDisabled();
    // Unknown addresses get the same answer (no account enumeration).
    await email.fill(uniqueEmail('lost'));
    await expect(sendButton(page)).toBeEnabled();
    await email.fill('');
    await expect(sendButton(page)).toBeDisabled();
    await email.fill(uniqueEmail('lost'));
    await sendButton(page).click();

    await expect(page.getByText(TEXT.lostSentTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXT.lostSentText, { exact: true })).toBeVisible();
    const back = page.getByRole('link', { name: 'Return to login', exact: true });
    await expect(back).toHaveAttribute('href', '/login');
    await back.click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('password reset', () => {
  test('/password-reset without a key goes to login', async ({ page }) => {
    await page.goto('/password-reset');
    await expect(page).toHaveURL('/login');
    await page.goto('/password-reset?key=');
    await expect(page).toHaveURL('/login');
  });

  test('a garbage key shows the invalid-link view', async ({ page }) => {
    await page.goto('/password-reset?key=garbage');
    await expectInvalidLinkView(page);
    await page.getByTestId('password-reset-invalid').getByRole('link').click();
    await expect(page).toHaveURL('/password-lost');
  });

  // The only test that changes a password, and only bluebird's (never partner@demo.test's).
  test('full reset flow for bluebird: rules, mismatch, success, new sign-in, one-time link', async ({ page }) => {
    test.slow();
    const account = DEMO.bluebird;
    const newSecret = 'Bluebird2026x';
    // A reporting API key of the account: a reset revokes it (decision 030).
    const { bearer } = await apiLogin(page.request, account);
    const created = await page.request.post('/api/v1/api-keys', {
      headers: { authorization: `Bearer ${bearer}` },
      data: { name: 'Before the reset' },
    });
    expect(created.status()).toBe(200);
    const apiKey = ((await created.json()) as { data: { key: string } }).data.key;
    const withKey = { headers: { authorization: `Bearer ${apiKey}` } };
    expect((await page.request.get('/api/v1/offer', withKey)).status()).toBe(200);
    const before = mailCount(account.email);

    await requestResetLink(page, account.email);
    await expect(page.getByText(TEXT.lostSentText, { exact: true })).toBeVisible();
    const link = await resetLinkFor(account.email, before);

    await page.clock.install();
    await page.goto(link);
    await expect(page.getByTestId('page-title')).toHaveText('Reset your password');
    await expect(newPassword(page)).toHaveAttribute('placeholder', '8 characters min + capital letter + number');

    // Every failing rule at once, with the current length.
    await newPassword(page).fill('abc');
    const rules = page.getByTestId('password-errors');
    await expect(rules.getByText(TEXT.passwordMinLength(3), { exact: true })).toBeVisible();
    await expect(rules.getByText(TEXT.passwordCapital, { exact: true })).toBeVisible();
    await expect(rules.getByText(TEXT.passwordNumber, { exact: true })).toBeVisible();
    await expect(newPassword(page)).toHaveAccessibleDescription(
      [TEXT.passwordMinLength(3), TEXT.passwordCapital, TEXT.passwordNumber].join(' '),
    );

    await newPassword(page).fill('abcdefgH');
    await expect(rules.getByText(TEXT.passwordNumber, { exact: true })).toBeVisible();
    await expect(rules.getByText(TEXT.passwordCapital, { exact: true })).toHaveCount(0);
    await expect(rules.getByText(/at least 8 characters/)).toHaveCount(0);

    await newPassword(page).fill('abcdefg1');
    await expect(rules.getByText(TEXT.passwordCapital, { exact: true })).toBeVisible();
    await expect(rules).toHaveText(TEXT.passwordCapital);

    await newPassword(page).fill(newSecret);
    await expect(rules).toHaveCount(0);

    // A mismatching confirmation: the message shows for 3 s and blocks the submit meanwhile.
    await confirmPassword(page).fill(`${newSecret}-other`);
    // The page's time stands still from here on, but for the steps below.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await changeButton(page).click();
    const mismatch = page.getByText(TEXT.passwordMismatch, { exact: true });
    await expect(mismatch).toBeVisible();
    await expect(confirmPassword(page)).toHaveAccessibleDescription(TEXT.passwordMismatch);
    await expect(changeButton(page)).toBeDisabled();
    // The page's own 3000 ms timer, moved on with Playwright's clock.
    await page.clock.runFor(2500);
    await expect(mismatch).toBeVisible();
    await page.clock.runFor(600);
    await expect(mismatch).toBeHidden();
    await page.clock.resume();
    await expect(changeButton(page)).toBeEnabled();
    // Nothing was changed: the link is still valid for the real attempt below.

    await confirmPassword(page).fill(newSecret);
    await changeButton(page).click();
    const success = page.getByTestId('password-reset-success');
    await expect(success.getByText(TEXT.resetSuccessTitle, { exact: true })).toBeVisible();
    await expect(success.getByText(TEXT.resetSuccessText, { exact: true })).toBeVisible();
    expect((await page.request.get('/api/v1/offer', withKey)).status()).toBe(401);
    await success.getByRole('link', { name: 'Return to login', exact: true }).click();
    await expect(page).toHaveURL('/login');

    // The new password signs in…
    await signIn(page, account.email, newSecret);
    await expect(page).toHaveURL('/');
    await expectShell(page);
    await page.getByTestId('top-bar-logout').click();
    await expect(page).toHaveURL('/login');

    // …the old one no longer does.
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(snackbar(page, TEXT.badCredentials)).toHaveText(TEXT.badCredentials);
    await expect(page).toHaveURL('/login');

    // The link works once only.
    await page.goto(link);
    await expectInvalidLinkView(page);
  });
});
