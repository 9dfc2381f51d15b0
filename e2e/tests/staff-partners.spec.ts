import { expect, test } from '@playwright/test';
import { DEMO, TEXT, outbox, registerThroughApi, signIn, snackbar, uniqueEmail, useApiSession } from '../fixtures.js';

test.describe('back-office partners', () => {
  test('an admin approves a pending request in the browser, with a reason kept in the history', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('pending');
    const applicant = { email, companyName: `Pending Media ${email.split('@')[0]}` };
    await registerThroughApi(request, applicant);

    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await page.getByTestId('menu-staffPartners').click();
    await expect(page).toHaveURL('/staff/partners');
    await expect(page.getByTestId('page-title')).toHaveText('Partners');
    await expect(page).toHaveTitle(/^Partners/);
    // Pending requests first.
    await expect(page.getByTestId('staff-partners-filter')).toHaveValue('Pending');
    const row = page.getByTestId('staff-partner-row').filter({ hasText: email });
    await expect(row).toContainText(applicant.companyName);
    await expect(row).toContainText('Pending');

    await row.getByRole('button', { name: 'Approve', exact: true }).click();
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
    await expect(active.getByRole('button')).toHaveText(['Suspend', 'Close', 'History']);
    await active.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByTestId('staff-partner-history-row');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Pending → Active');
    await expect(history).toContainText('Alex Admin');
    await expect(history).toContainText('Checked the website and the traffic sources.');
  });

  test('a partner has no back-office entry and is refused the screen', async ({ page, context, request }) => {
    await useApiSession(context, request, DEMO.partner);
    await page.goto('/');
    await expect(page.getByTestId('menu-payments')).toBeVisible();
    await expect(page.getByTestId('menu-staffPartners')).toHaveCount(0);
    await page.goto('/staff/partners');
    await expect(snackbar(page, TEXT.accessDenied)).toBeVisible();
    await expect(page).toHaveURL('/');
  });
});
