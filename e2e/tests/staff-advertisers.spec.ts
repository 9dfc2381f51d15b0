import { expect, test } from '@playwright/test';
import { blockingAxeViolations, DEMO, snackbar, useApiSession } from '../fixtures.js';

test.describe('advertisers in the console', () => {
  test('an admin creates an advertiser and a product, hands over the postback URL, rotates the token, and reads the refused postback in the log', async ({
    page,
    request,
  }) => {
    const name = `E2E Advertiser ${Date.now().toString(36)}`;
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffAdvertisers').click();
    await expect(page).toHaveURL('/staff/advertisers');
    await page.getByTestId('staff-advertiser-new').click();
    const form = page.getByTestId('staff-advertiser-form');
    // A bad e-mail is refused under its field before anything is sent.
    await form.getByTestId('staff-advertiser-name').fill(name);
    await form.getByTestId('staff-advertiser-contactEmail').fill('not-an-email');
    await form.getByTestId('staff-advertiser-create').click();
    await expect(form).toContainText('Please enter a valid email address.');
    await form.getByTestId('staff-advertiser-contactEmail').fill('ops@advertiser.example');
    await form.getByTestId('staff-advertiser-create').click();
    await expect(snackbar(page, 'was created')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/advertisers\/\d+$/);
    await expect(page.getByTestId('page-title')).toHaveText(name);

    // The postback URL to paste, with every macro of /postback.
    const url = (await page.getByTestId('staff-advertiser-postback-url').textContent())!;
    expect(url).toMatch(
      /\/postback\?token=[A-Za-z0-9_-]{43}&click_id=\{click_id\}&goal=\{goal\}&amount=\{amount\}&transaction_id=\{transaction_id\}$/,
    );
    const oldToken = new URL(url.replace(/[{}]/g, '')).searchParams.get('token')!;

    // A product, with its identifier checked.
    await page.getByTestId('staff-product-new').click();
    const product = page.getByTestId('staff-product-form');
    await product.getByTestId('staff-product-identifier').fill('E2E Shop');
    await product.getByTestId('staff-product-domain').fill('shop.e2e.example');
    await product.getByTestId('staff-product-save').click();
    await expect(product).toContainText('The value has an invalid format.');
    await product.getByTestId('staff-product-identifier').fill(`e2e-shop-${Date.now().toString(36)}`);
    await product.getByTestId('staff-product-save').click();
    await expect(snackbar(page, 'The product was saved.')).toBeVisible();
    await expect(page.getByTestId('staff-product-row')).toContainText('shop.e2e.example');

    // How it is invoiced (decision 073): a German business with a VAT number pays no French VAT.
    const details = page.getByTestId('staff-advertiser-details');
    await details.getByTestId('staff-advertiser-billingAddress').fill('Unter den Linden 1\n10117 Berlin');
    // The country select's code loads as the pointer comes near (decision 115), then it takes the typing.
    await details.getByTestId('staff-advertiser-country').hover();
    await details.getByTestId('staff-advertiser-country').fill('Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await details.getByTestId('staff-advertiser-vatNumber').fill('de 123 456 789');
    await expect(details).toContainText('Reverse charge');
    await details.getByTestId('staff-advertiser-save').click();
    await expect(snackbar(page, 'The advertiser was saved.')).toBeVisible();
    await expect(details.getByTestId('staff-advertiser-vatNumber')).toHaveValue('DE123456789');
    expect(await blockingAxeViolations(page)).toEqual([]);

    // A new token at once: the old one is refused from now.
    await page.getByTestId('staff-advertiser-rotate').click();
    await page.getByTestId('staff-advertiser-grace-hours').fill('0');
    await page.getByTestId('staff-advertiser-rotate-confirm').click();
    await expect(snackbar(page, 'A new security token was issued.')).toBeVisible();
    await expect(page.getByTestId('staff-advertiser-postback-url')).not.toContainText(oldToken);

    // The advertiser's server still sends the old token: refused, and the log says why.
    const refused = await request.get(`/postback?click_id=abc&goal=registration&token=${oldToken}`);
    expect(refused.status()).toBe(403);
    await page.reload();
    const row = page.getByTestId('staff-postback-log-row').first();
    await expect(row).toContainText('Wrong token');
    await expect(row).toContainText('The security token is no longer valid.');
    await expect(row).toContainText(`token=…${oldToken.slice(-4)}`);
    await expect(row).not.toContainText(oldToken);
  });
});
