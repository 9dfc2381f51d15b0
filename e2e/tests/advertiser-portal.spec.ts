import { expect, test } from '@playwright/test';
import {
  apiLogin,
  baseURL,
  blockingAxeViolations,
  DEMO,
  resetLinkFor,
  signIn,
  snackbar,
  uniqueEmail,
  useApiSession,
} from '../fixtures.js';

/**
 * The advertiser portal (decision 087): an admin invites a user of the advertiser of the demo's latest conversion; the
 * user chooses its password from the mail, signs in on the one sign-in page, lands in its own half and sees that
 * conversion, its partner by id only.
 */
test('an invited advertiser user sets its password, signs in and sees a conversion of its offer', async ({
  page,
  request,
}) => {
  const { bearer } = await apiLogin(request, DEMO.admin);
  const headers = { authorization: `Bearer ${bearer}` };
  const read = async <T>(url: string): Promise<T> => {
    const response = await request.get(url, { headers });
    expect(response.status(), url).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  // The latest approved one: a postback on an unknown click (another spec's) is a conversion of no offer.
  const [conversion] = await read<{ id: number; offerId: number }[]>(
    '/api/v1/staff/conversions?count=1&status=approved',
  );
  if (!conversion) throw new Error('no conversion in the demo data');
  const offer = await read<{ advertiser: { id: number } }>(`/api/v1/staff/offers/${conversion.offerId}`);

  const email = uniqueEmail('advertiser');
  const invite = await request.post(`/api/v1/staff/advertisers/${offer.advertiser.id}/users`, {
    headers,
    data: { email, firstname: 'Ada', lastname: 'Vert' },
  });
  expect(invite.status()).toBe(200);

  const secret = 'Advertiser2026!';
  await page.goto(await resetLinkFor(email));
  await page.getByLabel('New password', { exact: true }).fill(secret);
  await page.getByLabel('Confirm password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(page.getByTestId('password-reset-success')).toBeVisible();

  await signIn(page, email, secret);
  await expect(page).toHaveURL('/advertiser');
  await expect(page.getByTestId('page-title')).toHaveText('Conversions');
  const row = page.getByTestId('advertiser-conversion-row').filter({ hasText: String(conversion.id) });
  await expect(row.first()).toBeVisible();
  await expect(page.getByTestId('menu-advertiserOffers')).toBeVisible();
});

/**
 * Its portal users on the staff advertiser page (decision 100): an admin invites one from the card, the user signs in,
 * the admin disables it after a confirmation and its open session ends at once.
 */
test('an admin invites a portal user from the advertiser page and disables it: its session ends at once', async ({
  page,
  request,
  browser,
}) => {
  const { bearer } = await apiLogin(request, DEMO.admin);
  const created = await request.post('/api/v1/staff/advertisers', {
    headers: { authorization: `Bearer ${bearer}` },
    data: { name: `E2E Portal ${Date.now().toString(36)}` },
  });
  expect(created.status()).toBe(200);
  const advertiserId = ((await created.json()) as { data: { id: number } }).data.id;

  await useApiSession(page.context(), request, DEMO.admin);
  await page.goto(`/staff/advertisers/${advertiserId}`);
  const form = page.getByTestId('staff-advertiser-user-form');
  const email = uniqueEmail('portal-user');
  await form.getByTestId('staff-advertiser-user-email').fill(email);
  await form.getByTestId('staff-advertiser-user-firstname').fill('Ivy');
  await form.getByTestId('staff-advertiser-user-lastname').fill('Invoice');
  await form.getByTestId('staff-advertiser-user-invite').click();
  await expect(snackbar(page, 'was invited')).toBeVisible();
  const row = page.getByTestId('staff-advertiser-user-row').filter({ hasText: email });
  await expect(row).toContainText('Password not chosen yet');
  expect(await blockingAxeViolations(page, '[data-testid="staff-advertiser-users"]')).toEqual([]);
  expect(await blockingAxeViolations(page, '[data-testid="staff-advertiser-user-form"]')).toEqual([]);

  const secret = 'Advertiser2026!';
  const advertiser = await browser.newContext({ baseURL: baseURL() });
  const portal = await advertiser.newPage();
  await portal.goto(await resetLinkFor(email));
  await portal.getByLabel('New password', { exact: true }).fill(secret);
  await portal.getByLabel('Confirm password', { exact: true }).fill(secret);
  await portal.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(portal.getByTestId('password-reset-success')).toBeVisible();
  await signIn(portal, email, secret);
  await expect(portal).toHaveURL('/advertiser');

  // Disabled from the keyboard, after a confirmation that says what it does.
  await row.getByRole('button', { name: `Disable ${email}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Disable this portal user?' });
  await expect(dialog).toContainText('signed out at once');
  expect(await blockingAxeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByTestId('staff-advertiser-user-disable-confirm').click();
  await expect(snackbar(page, 'was disabled and signed out')).toBeVisible();
  await expect(row).toContainText('Disabled');

  // Its next request is refused: the portal goes back to the sign-in page, and the sign-in is refused.
  await portal.reload();
  await expect(portal).toHaveURL(/\/login/);
  await portal.getByLabel('Email', { exact: true }).fill(email);
  await portal.getByLabel('Password', { exact: true }).fill(secret);
  await portal.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(portal).toHaveURL(/\/login/);
  await advertiser.close();
});

/**
 * Its postback and tag set-up with the test tool (decision 100): the user opens Set-up from its menu, reads its offers'
 * snippets (its S2S URL with its token), and tests a postback from the keyboard: an unknown click would be rejected.
 */
test('an advertiser user opens its set-up and tests a postback from the keyboard', async ({ page, request }) => {
  const { bearer } = await apiLogin(request, DEMO.admin);
  const headers = { authorization: `Bearer ${bearer}` };
  const conversions = await request.get('/api/v1/staff/conversions?count=1&status=approved', { headers });
  const [conversion] = ((await conversions.json()) as { data: { offerId: number }[] }).data;
  if (!conversion) throw new Error('no conversion in the demo data');
  const offer = await request.get(`/api/v1/staff/offers/${conversion.offerId}`, { headers });
  const advertiserId = ((await offer.json()) as { data: { advertiser: { id: number } } }).data.advertiser.id;
  const email = uniqueEmail('advertiser-setup');
  const invite = await request.post(`/api/v1/staff/advertisers/${advertiserId}/users`, {
    headers,
    data: { email, firstname: 'Ada', lastname: 'Setup' },
  });
  expect(invite.status()).toBe(200);
  const secret = 'Advertiser2026!';
  await page.goto(await resetLinkFor(email));
  await page.getByLabel('New password', { exact: true }).fill(secret);
  await page.getByLabel('Confirm password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(page.getByTestId('password-reset-success')).toBeVisible();
  await signIn(page, email, secret);
  await expect(page).toHaveURL('/advertiser');

  await page.getByTestId('menu-advertiserSetup').click();
  await expect(page).toHaveURL('/advertiser/setup');
  await expect(page.getByTestId('page-title')).toHaveText('Postback and tag set-up');
  await expect(page.getByTestId('advertiser-tag-setup-s2s').first()).toContainText('token=');
  await expect(
    page.getByTestId('advertiser-tag-setup-offer').filter({ hasText: `#${conversion.offerId}` }),
  ).toBeVisible();

  await page.getByTestId('advertiser-test-postback-click_id').focus();
  await page.keyboard.type('not-a-click');
  await page.keyboard.press('Tab');
  await page.keyboard.type('sale');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('advertiser-test-postback-result')).toContainText('Would be rejected (unknown_click)');
  expect(await blockingAxeViolations(page)).toEqual([]);
});
