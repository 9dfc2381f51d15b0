import { expect, test } from '@playwright/test';
import { DEMO, apiLogin, resetLinkFor, signIn, uniqueEmail } from '../fixtures.js';

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
  const [conversion] = await read<{ id: number; offerId: number }[]>('/api/v1/staff/conversions?count=1');
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
