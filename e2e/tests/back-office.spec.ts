import { expect, test } from '@playwright/test';
import { DEMO, apiLogin, outbox, registerThroughApi, snackbar, uniqueEmail, useApiSession } from '../fixtures.js';

test.describe('back-office', () => {
  test('an admin approves a pending request in the browser, with a reason kept in the history', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('pending');
    const applicant = { email, companyName: `Pending Media ${email.split('@')[0]}` };
    await registerThroughApi(request, applicant);

    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffPartners').click();
    await expect(page).toHaveURL('/staff/partners');
    await expect(page.getByTestId('page-title')).toHaveText('Partners');
    await expect(page).toHaveTitle(/^Partners/);
    // Every partner first; the pending requests one filter away.
    await expect(page.getByTestId('staff-partners-filter')).toHaveValue('All');
    await page.getByTestId('staff-partners-filter').click();
    await page.getByRole('option', { name: 'Pending', exact: true }).click();
    await expect(page).toHaveURL('/staff/partners?status=pending');
    const row = page.getByTestId('staff-partner-row').filter({ hasText: email });
    await expect(row).toContainText(applicant.companyName);
    await expect(row).toContainText('Pending');

    await row.getByTestId('staff-partner-row-menu').click();
    await page.getByRole('menuitem', { name: 'Approve', exact: true }).click();
    const dialog = page.getByTestId('staff-partner-dialog');
    await expect(dialog).toContainText('receives a link to choose a password, valid 7 days');
    await page.getByTestId('staff-partner-reason').fill('Checked the website and the traffic sources.');
    await page.getByTestId('staff-partner-confirm').click();
    await expect(snackbar(page, 'is now Active.')).toContainText(applicant.companyName);
    // No longer pending.
    await expect(row).toHaveCount(0);

    // The applicant got the set-password mail, with the reason.
    await expect
      .poll(() => outbox().find((m) => m.to.includes(email) && m.subject === 'Your partner account is approved')?.body)
      .toContain('Reason: Checked the website and the traffic sources.');

    // Among the active partners, with who did it and why.
    await page.getByTestId('staff-partners-filter').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(page).toHaveURL('/staff/partners?status=active');
    const active = page.getByTestId('staff-partner-row').filter({ hasText: email });
    await expect(active).toContainText('Active');
    await active.getByTestId('staff-partner-row-menu').click();
    await expect(page.getByRole('menuitem')).toHaveText(['Suspend', 'Close', 'History', 'View as partner']);
    await page.getByRole('menuitem', { name: 'History', exact: true }).click();
    const history = page.getByTestId('staff-partner-history-row');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Pending → Active');
    await expect(history).toContainText('Alex Admin');
    await expect(history).toContainText('Checked the website and the traffic sources.');
  });

  test('an admin runs the billing of last month: the demo history is already billed, the month under way refused', async ({
    page,
    request,
  }) => {
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffBilling').click();
    await expect(page).toHaveURL('/staff/billing');
    await expect(page.getByTestId('page-title')).toHaveText('Billing run');
    const month = page.getByTestId('staff-billing-month');
    const lastMonth = await month.inputValue();
    expect(lastMonth).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    await page.getByTestId('staff-billing-run').click();
    // The seed billed the months of its replayed traffic with this run (decision 052): nothing is billed twice. A
    // pair whose month stayed under its threshold still has conversions to bill, and is counted as already billed.
    await expect(page.getByTestId('staff-billing-summary')).toHaveText(
      new RegExp(
        `^Nothing new to bill for ${lastMonth}\\.( \\d+ partner and currency pairs? (was|were) already billed\\.)?$`,
      ),
    );

    // The API refuses the month under way with the spec's error object.
    const { bearer } = await apiLogin(request, DEMO.admin);
    const now = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    const refused = await request.post('/api/v1/staff/billing-runs', {
      headers: { authorization: `Bearer ${bearer}` },
      data: { month: now },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ status: 400, errors: { month: 'The month is not over yet.' } });
  });

  test('an account manager sees Partners but not Billing', async ({ request, page }) => {
    await useApiSession(page.context(), request, DEMO.manager);
    await page.goto('/staff');
    await expect(page.getByTestId('menu-staffPartners')).toBeVisible();
    await expect(page.getByTestId('menu-staffBilling')).toHaveCount(0);
  });

  test('a partner has no back-office entry and is sent home from its screens', async ({ page, context, request }) => {
    await useApiSession(context, request, DEMO.partner);
    await page.goto('/');
    await expect(page.getByTestId('menu-payments')).toBeVisible();
    await expect(page.getByTestId('menu-staffPartners')).toHaveCount(0);
    await page.goto('/staff/partners');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('menu-payments')).toBeVisible();
  });
});
