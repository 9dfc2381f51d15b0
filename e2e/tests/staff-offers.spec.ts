import { expect, test } from '@playwright/test';
import {
  apiLogin,
  approvedPartner,
  blockingAxeViolations,
  DEMO,
  signIn,
  snackbar,
  useApiSession,
} from '../fixtures.js';

/** A 1×1 PNG, as a picker would hand it over. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('offers written in the console', () => {
  test('an admin creates an offer with two goals and a picture; a partner applies, is approved, clicks and sees the click', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const partner = await approvedPartner(request);
    const name = `E2E Console Offer ${Date.now().toString(36)}`;

    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffOffers').click();
    await expect(page).toHaveURL('/staff/offers');
    await expect(page.getByTestId('staff-offer-row').first()).toBeVisible();
    await page.getByTestId('staff-offer-new').click();
    await expect(page).toHaveURL('/staff/offers/new');

    const editor = page.getByTestId('staff-offer-editor');
    await editor.getByTestId('staff-offer-name').fill(name);
    await editor.getByTestId('staff-offer-product').click();
    await page.getByRole('option').first().click();
    await editor.getByTestId('staff-offer-defaultUrl').fill('https://landing.example.com/?cid={click_id}&s={subid}');
    await editor.getByTestId('staff-offer-approval').check();
    await editor.getByTestId('staff-offer-description').fill('<p>Console <b>made</b></p>');
    await expect(page.getByTestId('staff-offer-preview-description').locator('b')).toHaveText('made');
    await page.getByTestId('staff-offer-image').click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('staff-offer-image-preview')).toBeVisible();

    // The first goal (registration): revenue 5.00, payout 4.00; a second, the sale: 15 % and 10 % of it.
    await editor.getByTestId('staff-offer-goal-0-revenueAmount').fill('5.00');
    await editor.getByTestId('staff-offer-goal-0-payoutAmount').fill('6.00');
    await expect(editor.getByTestId('staff-offer-goal-0-loss')).toBeVisible();
    await editor.getByTestId('staff-offer-goal-0-payoutAmount').fill('4.00');
    await expect(editor.getByTestId('staff-offer-goal-0-loss')).toHaveCount(0);
    await editor.getByTestId('staff-offer-add-goal').click();
    await editor.getByTestId('staff-offer-goal-1-goal').click();
    await page.getByRole('option', { name: 'Sale (sale)', exact: true }).click();
    await editor.getByTestId('staff-offer-goal-1-revenuePercent').fill('15');
    await editor.getByTestId('staff-offer-goal-1-payoutPercent').fill('10');
    await expect(page.getByTestId('staff-offer-preview-goals')).toContainText('10');
    await editor.getByTestId('staff-offer-save').click();
    await expect(snackbar(page, `The offer "${name}" was created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/offers\/\d+$/);
    const offerId = Number(/\/staff\/offers\/(\d+)$/.exec(page.url())![1]);

    // Saved as typed: minor units and basis points, the picture kept.
    const admin = await apiLogin(request, DEMO.admin);
    const headers = { authorization: `Bearer ${admin.bearer}` };
    const saved = (await (await request.get(`/api/v1/staff/offers/${offerId}`, { headers })).json()) as {
      data: { imageId: number | null; goals: { goal: string; revenueAmount: number | null; payoutAmount: number | null; revenuePercent: number | null; payoutPercent: number | null }[] };
    }; // prettier-ignore
    expect(saved.data.imageId).not.toBeNull();
    expect(
      saved.data.goals.map((g) => [g.goal, g.revenueAmount, g.payoutAmount, g.revenuePercent, g.payoutPercent]),
    ).toEqual([
      ['registration', 500, 400, null, null],
      ['sale', null, null, 1500, 1000],
    ]);

    // The partner's own payout on registration: set from the offer's page, seen by the partner only; within
    // the goal's revenue (5.00), as the goal's own payout must be (decision 063).
    // The panels below the form are drawn when scrolled to (decision 129): the saved offer's page is a new editor.
    await page.getByTestId('staff-offer-panels').scrollIntoViewIfNeeded();
    const overrides = page.getByTestId('staff-offer-overrides');
    // The picker is drawn without its list's code, loaded when pressed (decision 122): pressed, then typed in.
    await overrides.getByTestId('staff-offer-override-partner').click();
    await overrides.getByTestId('staff-offer-override-partner').fill(partner.companyName);
    await page.getByRole('option', { name: `${partner.companyName} #${partner.id}` }).click();
    await overrides.getByTestId('staff-offer-override-amount').fill('4.50');
    await overrides.getByTestId('staff-offer-override-save').click();
    await expect(snackbar(page, "The partner's payout was saved.")).toBeVisible();
    await expect(overrides.getByTestId('staff-offer-override-row')).toContainText(partner.companyName);

    // Caps (decision 045): the whole offer's clicks per day (an admin's form starts on all partners), then the
    // partner's conversions per day.
    const caps = page.getByTestId('staff-offer-caps');
    await caps.getByTestId('staff-offer-cap-metric').click();
    await page.getByRole('option', { name: 'Clicks' }).click();
    await caps.getByTestId('staff-offer-cap-limit').fill('1');
    await caps.getByTestId('staff-offer-cap-save').click();
    await expect(caps.getByTestId('staff-offer-cap-row')).toHaveCount(1);
    await caps.getByTestId('staff-offer-cap-partner').click();
    await caps.getByTestId('staff-offer-cap-partner').fill(partner.companyName);
    await page.getByRole('option', { name: `${partner.companyName} #${partner.id}` }).click();
    await caps.getByTestId('staff-offer-cap-metric').click();
    await page.getByRole('option', { name: 'Conversions' }).click();
    await caps.getByTestId('staff-offer-cap-limit').fill('5');
    await caps.getByTestId('staff-offer-cap-save').click();
    await expect(snackbar(page, 'The cap was saved.').first()).toBeVisible();
    await expect(caps.getByTestId('staff-offer-cap-row')).toHaveCount(2);
    await expect(caps.getByTestId('staff-offer-cap-row').first()).toContainText('All partners (the whole offer)');
    await expect(caps.getByTestId('staff-offer-cap-row').last()).toContainText('0 of 5');

    // The partner finds it, applies, is approved, follows its link and sees the click.
    const context = await browser.newContext();
    const own = await context.newPage();
    await signIn(own, partner.email, partner.password);
    await own.goto(`/offer/${offerId}`);
    await expect(own.getByRole('heading', { name })).toBeVisible();
    await expect(own.locator('body')).not.toContainText(/revenue|margin/i);
    await expect(own.getByTestId('offer-detail-table')).toContainText('4,50');
    await own.getByRole('button', { name: 'Apply to Run' }).click();
    await expect(own.getByTestId('offer-detail-approval-status').getByTestId('offer-status')).toHaveText('Pending');
    const applications = (await (await request.get(`/api/v1/staff/partner-offers?partnerId=${partner.id}&offerId=${offerId}`, { headers })).json()) as { data: { id: number }[] }; // prettier-ignore
    expect((await request.put(`/api/v1/staff/partner-offers/${applications.data[0]!.id}`, { headers, data: { status: 'active' } })).status()).toBe(200); // prettier-ignore
    await own.reload();
    const link = own.getByTestId('tracking-link').getByTestId('tracking-link-url');
    await expect(link).toBeVisible();
    // The partner sees its own cap with what is left, and only whether the offer's is reached.
    await expect(own.getByTestId('offer-detail-cap').first()).toHaveText(/^Conversions per day · 5 left of 5 · resets \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(GMT[+-]\d{2}:\d{2}\)$/); // prettier-ignore
    await expect(own.getByTestId('offer-detail-cap').last()).toHaveText(/^Clicks per day · Offer-wide cap: available · resets \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(GMT[+-]\d{2}:\d{2}\)$/); // prettier-ignore
    const followed = await request.get((await link.textContent())!.trim(), { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers()['location']).toMatch(/^https:\/\/landing\.example\.com\/\?cid=[A-Za-z0-9_-]{22}&s=$/);
    // The offer's one click a day is used: the next is refused (no fallback URL), and the partner reads why.
    const refused = await request.get((await link.textContent())!.trim(), { maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('This offer has reached its cap for now.');
    // The offer-wide count reaches the database with the click's batch (within 100 ms): reloaded until it shows.
    await expect(async () => {
      await own.reload();
      await expect(own.getByTestId('offer-detail-cap').last()).toContainText('Offer-wide cap reached', {
        timeout: 5_000,
      });
    }).toPass({ timeout: 30_000 });
    // The fixture's partner keeps days in UTC (GMT+00:00): today is the UTC date.
    const today = new Date().toISOString().slice(0, 10);
    await own.goto(`/reports/click?startDate=${today}&endDate=${today}`);
    await expect(own.getByTestId('report-row').filter({ hasText: name }).first()).toBeVisible({ timeout: 15_000 });
    await context.close();
  });

  test('an admin duplicates a saved offer into a disabled copy, then schedules and cancels a payout change on it', async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, DEMO.admin);
    const headers = { authorization: `Bearer ${admin.bearer}` };
    const options = (await (await request.get('/api/v1/staff/catalogue-options', { headers })).json()) as { data: { products: { id: number }[] } }; // prettier-ignore
    const name = `E2E Duplicated ${Date.now().toString(36)}`;
    const created = await request.post('/api/v1/staff/offers', {
      headers,
      data: { name, productId: options.data.products[0]!.id, conversionType: 'cpa', defaultUrl: 'https://landing.example.com/?cid={click_id}', countries: ['FR'], goals: [{ goal: 'registration', revenueAmount: 500, payoutAmount: 400 }] }, // prettier-ignore
    });
    expect(created.status()).toBe(200);
    const offerId = ((await created.json()) as { data: { id: number } }).data.id;

    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto(`/staff/offers/${offerId}`);
    const editor = page.getByTestId('staff-offer-editor');
    const duplicate = editor.getByTestId('staff-offer-duplicate');
    await expect(duplicate).toBeEnabled();
    // An unsaved change: the copy would not have it, so the button waits and says why.
    await editor.getByTestId('staff-offer-name').fill(`${name} draft`);
    await expect(duplicate).toBeDisabled();
    await expect(editor.getByText('Save your changes first: the copy is made from the saved offer.')).toBeVisible();
    await editor.getByTestId('staff-offer-name').fill(name);
    await expect(duplicate).toBeEnabled();
    await duplicate.click();
    await expect(page).not.toHaveURL(`/staff/offers/${offerId}`);
    await expect(page).toHaveURL(/\/staff\/offers\/\d+$/);
    await expect(editor.getByTestId('staff-offer-name')).toHaveValue(`${name} (copy)`);
    await expect(editor.getByTestId('staff-offer-enabled')).not.toBeChecked();
    await expect(editor.getByTestId('staff-offer-goal-0-payoutAmount')).toHaveValue('4.00');

    // A new payout from the 1st of next month (the field's default), pending with who set it, then cancelled.
    const panel = page.getByTestId('staff-offer-scheduled-changes');
    await panel.getByTestId('staff-offer-schedule-payoutAmount').fill('4.50');
    await panel.getByTestId('staff-offer-schedule-save').click();
    await expect(snackbar(page, 'The change is scheduled.')).toBeVisible();
    const row = panel.getByTestId('staff-offer-scheduled-change');
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(row).toContainText('4,50');
    expect(await blockingAxeViolations(page, '[data-testid="staff-offer-scheduled-changes"]')).toEqual([]);
    await row.getByRole('button', { name: /Cancel the change of Registration/ }).click();
    await expect(row).toHaveAttribute('data-status', 'cancelled');
  });
});
