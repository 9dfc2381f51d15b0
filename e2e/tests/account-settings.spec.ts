import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  TEXT,
  apiLogin,
  expectShell,
  outbox,
  signIn,
  smsCodeFor,
  smsOutbox,
  snackbar,
  useApiSession,
} from '../fixtures.js';

// Kestrel's first user is this spec's alone: it turns on 2FA and changes the password, in order.
test.describe.configure({ mode: 'serial' });

const account = DEMO.kestrel;
const NEW_PASSWORD = 'Kestrel2026x';
const PHONE_NATIONAL = '0151 11122233';
const PHONE_E164 = '+4915111122233';

const section = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openSection(page: Page, name: string, testId: string) {
  const panel = page.getByTestId(testId);
  const control = section(page, name);
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  return panel;
}

test.describe('account configuration', () => {
  test('the four sections; the time zone and the preferences are saved', async ({ page, context, request }) => {
    await useApiSession(context, request, account);
    await page.goto('/account');
    await expectShell(page);
    await expect(page.getByTestId('page-title')).toHaveText('Account');
    for (const name of [
      'Change password',
      'Timezone',
      'Newsletter and notification preferences',
      'Two-factor authentication',
    ]) {
      await expect(section(page, name)).toBeVisible();
    }

    const timezone = await openSection(page, 'Timezone', 'section-timezone');
    await expect(timezone.getByTestId('timezone-note')).toHaveText(
      'The timezone of every time the portal shows you: screens, CSV files, e-mails and notifications. It does not change the billing reference timezone, which is UTC/GMT+1 (Paris).',
    );
    await timezone.getByTestId('timezone-select').click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(27);
    await expect(options.first()).toHaveText('(GMT-12:00) Baker Island');
    await expect(options.last()).toHaveText('(GMT+14:00) Kiritimati');
    await page.getByRole('option', { name: '(GMT+09:00) Tokyo', exact: true }).click();
    await timezone.getByRole('button', { name: 'SAVE', exact: true }).click();
    await expect(snackbar(page, 'Your timezone has been saved.')).toBeVisible();

    const preferences = await openSection(page, 'Newsletter and notification preferences', 'section-preferences');
    const box = (label: string) => preferences.getByLabel(label, { exact: true });
    await expect(box('Newsletter Subscription')).toBeChecked();
    await expect(box('Offer Notifications')).toBeChecked();
    await expect(box('Payment Notifications')).toBeChecked();
    await expect(box('Urgent Notifications')).toBeChecked();
    await expect(box('Special Offers from our Partners')).not.toBeChecked();
    await box('Newsletter Subscription').uncheck();
    await box('Special Offers from our Partners').check();
    await preferences.getByRole('button', { name: 'SAVE', exact: true }).click();
    await expect(snackbar(page, 'Your preferences have been saved.')).toBeVisible();

    await page.reload();
    await openSection(page, 'Timezone', 'section-timezone');
    await expect(page.getByTestId('timezone-select')).toHaveValue('(GMT+09:00) Tokyo');
    await openSection(page, 'Newsletter and notification preferences', 'section-preferences');
    await expect(box('Newsletter Subscription')).not.toBeChecked();
    await expect(box('Special Offers from our Partners')).toBeChecked();
    await expect(box('Offer Notifications')).toBeChecked();
  });

  test('two-factor: enrol by SMS with the password, recovery codes, sign in with a code and with a recovery code, disable with the password', async ({
    page,
    request,
  }) => {
    test.slow();
    // A session opened before the enrolment, as a thief's would be.
    const stolen = await apiLogin(request, account);
    await signIn(page, account.email, account.password);
    await page.goto('/account');
    const twoFactor = await openSection(page, 'Two-factor authentication', 'section-two-factor');

    const countryCode = twoFactor.getByRole('combobox', { name: /^Country code/ });
    await countryCode.click();
    await expect(page.getByRole('option')).toHaveText([
      '+1 USA',
      '+33 France',
      '+44 UK',
      '+49 Germany',
      '+91 India',
      '+81 Japan',
    ]);
    await page.getByRole('option', { name: '+49 Germany', exact: true }).click();
    await twoFactor.getByLabel('Phone number').fill(PHONE_NATIONAL);
    const before = smsOutbox().filter((m) => m.to === PHONE_E164).length;
    // No SMS without the current password.
    const verify = twoFactor.getByRole('button', { name: 'VERIFY', exact: true });
    await expect(verify).toBeDisabled();
    const startPassword = twoFactor.getByLabel('Current password', { exact: true });
    await startPassword.fill('Not-the-password1');
    await verify.click();
    await expect(twoFactor.getByText('The password is incorrect.', { exact: true })).toBeVisible();
    expect(smsOutbox().filter((m) => m.to === PHONE_E164)).toHaveLength(before);
    await startPassword.fill(account.password);
    await verify.click();
    await expect(twoFactor.getByTestId('two-factor-code-sent')).toHaveText(
      'A verification code has been sent to +49 •••••••••33.',
    );
    const code = await smsCodeFor(PHONE_E164, before);
    const codeInput = twoFactor.getByLabel('Verification code');
    await codeInput.fill(code === '000000' ? '000001' : '000000');
    await twoFactor.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(twoFactor.getByText('The code is incorrect.', { exact: true })).toBeVisible();
    await codeInput.fill(code);
    await twoFactor.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(snackbar(page, 'Two-factor authentication is enabled.')).toBeVisible();
    await expect(twoFactor.getByTestId('two-factor-enabled')).toContainText('+49 •••••••••33');

    // Ten recovery codes, shown once, with the 'store these now' text; the other session ended; a mail told the owner.
    const recovery = twoFactor.getByTestId('two-factor-recovery-codes');
    await expect(recovery).toContainText('Store your recovery codes now');
    await expect(recovery.getByTestId('recovery-code')).toHaveCount(10);
    const recoveryCodes = (await recovery.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
    const download = page.waitForEvent('download');
    await recovery.getByRole('button', { name: 'Download as a text file', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await recovery.getByRole('button', { name: 'I have stored them', exact: true }).click();
    await expect(recovery).toHaveCount(0);
    const config = await request.get('/api/v1/config', { headers: { authorization: `Bearer ${stolen.bearer}` } });
    expect(config.status()).toBe(401);
    await expect
      .poll(() => outbox().some((m) => m.to.includes(account.email) && m.subject === 'Two-factor authentication is on'))
      .toBe(true);

    // Signing in now takes the code sent by SMS.
    await page.getByTestId('top-bar-logout').click();
    await expect(page).toHaveURL('/login');
    const sentBefore = smsOutbox().filter((m) => m.to === PHONE_E164).length;
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const step = page.getByTestId('login-two-factor');
    await expect(step).toContainText('Enter the 6-digit code we sent by SMS to +49 •••••••••33.');
    await expect(page).toHaveURL('/login');
    const loginCode = await smsCodeFor(PHONE_E164, sentBefore);
    await step.getByLabel('Verification code').fill(loginCode);
    await step.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectShell(page);
    await expect(page).toHaveURL('/');

    // A recovery code instead of the SMS code, once.
    await page.getByTestId('top-bar-logout').click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await step.getByRole('button', { name: 'Lost your phone? Use a recovery code', exact: true }).click();
    await step.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await step.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectShell(page);
    await expect(page).toHaveURL('/');

    // The API answers a challenge, not a session, to the password alone.
    const challenge = await page.request.post('/api/v1/login', {
      data: { username: account.email, password: account.password },
    });
    expect(challenge.status()).toBe(200);
    const body = (await challenge.json()) as { data: Record<string, unknown> };
    expect(body.data.twoFactorRequired).toBe(true);
    expect(body.data.bearer).toBeUndefined();

    await page.goto('/account');
    const section2 = await openSection(page, 'Two-factor authentication', 'section-two-factor');
    await section2.getByLabel('Password', { exact: true }).fill('Not-the-password1');
    await section2.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(section2.getByText('The password is incorrect.', { exact: true })).toBeVisible();
    await section2.getByLabel('Password', { exact: true }).fill(account.password);
    await section2.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(snackbar(page, 'Two-factor authentication is disabled.')).toBeVisible();
    await expect(section2.getByRole('button', { name: 'VERIFY', exact: true })).toBeVisible();
    // The password alone signs in again.
    await apiLogin(page.request, account);
  });

  test('change password: rules, mismatch, current password, success; other sessions end', async ({ page, request }) => {
    test.slow();
    const other = await apiLogin(request, account);
    await signIn(page, account.email, account.password);
    await page.goto('/account');
    const form = page.getByTestId('change-password-form');
    await expect(form).toBeVisible();
    const current = form.getByLabel('Current password', { exact: true });
    const next = form.getByLabel('New password', { exact: true });
    const confirm = form.getByLabel('Confirm password', { exact: true });
    const update = form.getByRole('button', { name: 'Update', exact: true });
    // The reporting API keys go with the old password unless the box is unticked.
    await expect(
      form.getByLabel('Also revoke my reporting API keys (scripts that use them stop working)'),
    ).toBeChecked();

    await next.fill('abc');
    await expect(form.getByTestId('password-errors')).toContainText(TEXT.passwordMinLength(3));
    await expect(form.getByTestId('password-errors')).toContainText(TEXT.passwordCapital);
    await expect(form.getByTestId('password-errors')).toContainText(TEXT.passwordNumber);

    await current.fill(account.password);
    await next.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}!`);
    await update.click();
    await expect(form.getByText(TEXT.passwordMismatch, { exact: true })).toBeVisible();
    await expect(update).toBeDisabled();
    await expect(form.getByText(TEXT.passwordMismatch, { exact: true })).toHaveCount(0, { timeout: 5000 });

    await confirm.fill(NEW_PASSWORD);
    await current.fill('Not-the-password1');
    await update.click();
    await expect(form.getByText('The current password is incorrect.', { exact: true })).toBeVisible();

    await current.fill(account.password);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/account/change-password'));
    await update.click();
    expect((await sent).postDataJSON()).toMatchObject({ revokeApiKeys: true });
    await expect(snackbar(page, 'Your password has been updated successfully.')).toBeVisible();
    await expect(next).toHaveValue('');

    // The other session ended; this one goes on; the new password signs in, the old one no longer.
    const config = await request.get('/api/v1/config', { headers: { authorization: `Bearer ${other.bearer}` } });
    expect(config.status()).toBe(401);
    await page.reload();
    await expectShell(page);
    await apiLogin(request, { email: account.email, password: NEW_PASSWORD });
  });
});
