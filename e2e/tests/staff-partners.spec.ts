import { expect, test } from '@playwright/test';
import { DEMO, apiLogin, approvedPartner, signIn, snackbar, useApiSession } from '../fixtures.js';

test.describe('the staff console’s partners and queues', () => {
  test('an admin finds a partner, reassigns it and changes its terms, sees both in its history, decides its queues, and the partner is told', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const partner = await approvedPartner(request, { document: true });
    const reassignTo = partner.manager === 'Lucas Moreau' ? 'Claire Martin' : 'Lucas Moreau';

    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffPartners').click();
    await page.getByTestId('staff-partners-search').fill(partner.companyName);
    await expect(page).toHaveURL(/q=Managed/);
    const rows = page.getByTestId('staff-partner-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(partner.email);
    // Its proof of identity is only pending and no contract is signed: it is flagged.
    await expect(rows.getByTestId('staff-partner-missing-documents')).toBeVisible();
    await rows.getByTestId('staff-partner-link').click();
    await expect(page).toHaveURL(`/staff/partners/${partner.id}`);
    await expect(page.getByTestId('page-title')).toHaveText(`${partner.companyName} #${partner.id}`);
    await expect(page.getByTestId('staff-partner-missing-alert')).toContainText('Proof of identity, Signed contract');

    // The account manager, from the profile tab.
    await page.getByTestId('staff-partner-accountManagerId').click();
    await page.getByRole('option', { name: reassignTo, exact: true }).click();
    await page.getByTestId('staff-partner-profile-save').click();
    await expect(snackbar(page, 'The partner was saved.')).toBeVisible();
    await expect(page.getByTestId('staff-partner-manager')).toHaveText(reassignTo);

    // The payment terms, from the payment tab.
    await page.getByTestId('staff-partner-tab-payment').click();
    await expect(page).toHaveURL(`/staff/partners/${partner.id}?tab=payment`);
    await page.getByTestId('staff-partner-paymentTerms').click();
    await page.getByRole('option', { name: 'Net 60', exact: true }).click();
    await page.getByTestId('staff-partner-paymentThreshold').fill('250.50');
    await page.getByTestId('staff-partner-payment-save').click();
    await expect(snackbar(page, 'The partner was saved.').last()).toBeVisible();

    // Both changes, field by field, in the history tab.
    await page.getByTestId('staff-partner-tab-history').click();
    const entries = page.getByTestId('staff-partner-history-entry');
    // In words (decision 081): labels, the threshold as an amount, the managers by name.
    await expect(entries.filter({ hasText: 'Payment terms: net30 → net60' })).toHaveCount(1);
    await expect(entries.filter({ hasText: /Payment threshold: — → \D*250[.,]50/ })).toHaveCount(1);
    await expect(entries.filter({ hasText: `Account manager: ` }).filter({ hasText: reassignTo })).toHaveCount(1);
    await expect(entries.first()).toContainText('Alex Admin');

    // Its application, approved from the applications queue with a reason.
    await page.getByTestId('menu-staffApplications').click();
    const application = page.getByTestId('staff-application-row').filter({ hasText: partner.companyName });
    await expect(application).toContainText(partner.offer.name);
    await application.getByTestId('staff-application-approve').click();
    await page.getByTestId('staff-queue-decision-reason').fill('Your traffic fits this advertiser.');
    await page.getByTestId('staff-queue-decision-confirm').click();
    await expect(snackbar(page, 'Decided; the partner is notified.')).toBeVisible();
    await expect(application).toHaveCount(0);

    // Its document, opened and approved from the documents queue.
    await page.getByTestId('menu-staffDocuments').click();
    const document = page.getByTestId('staff-document-row').filter({ hasText: partner.companyName });
    await expect(document).toContainText('Proof of identity');
    const [download] = await Promise.all([page.waitForEvent('download'), document.getByTestId('staff-document-open').click()]);
    expect(download.suggestedFilename()).toBe('passport.pdf');
    await document.getByTestId('staff-document-approve').click();
    await page.getByTestId('staff-queue-decision-confirm').click();
    await expect(snackbar(page, 'Decided; the partner is notified.').last()).toBeVisible();
    await expect(document).toHaveCount(0);

    // The partner reads both decisions, the reason with the application's.
    const context = await browser.newContext();
    const own = await context.newPage();
    await signIn(own, partner.email, partner.password);
    await own.goto('/notifications');
    const notifications = own.getByTestId('notification');
    await expect(notifications.filter({ hasText: `Your application to ${partner.offer.name} has been approved.` })).toContainText(
      'Reason: Your traffic fits this advertiser.',
    );
    await expect(notifications.filter({ hasText: 'Your proof of identity was approved.' })).toHaveCount(1);
    await context.close();
  });

  test('the partner page shows today’s activity: a click made now, and the last activity today (decision 082)', async ({ page, context, request }) => {
    const partner = await approvedPartner(request);
    const { bearer } = await apiLogin(request, partner);
    const offers = (await (await request.get('/api/v1/offer?count=500', { headers: { authorization: `Bearer ${bearer}` } })).json()) as { data: { list: { id: number; enabled: boolean; requireApproval: boolean; partnerStatus: string }[] } };
    const offer = offers.data.list.find((o) => o.enabled && !o.requireApproval && o.partnerStatus === 'public')!;
    expect((await request.get(`/click?offer_id=${offer.id}&aff_id=${partner.id}`, { maxRedirects: 0 })).status()).toBe(302);

    await useApiSession(context, request, DEMO.admin);
    await page.goto(`/staff/partners/${partner.id}`);
    const today = page.getByTestId('staff-partner-today');
    // Clicks are written in batches: the page, read again, has it once its batch is in.
    await expect(async () => {
      await page.reload();
      await expect(today).toHaveText('Today: clicks 1, conversions 0', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('staff-partner-performance-clicks')).toHaveText('1');
    await expect(page.getByText(/last activity \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
    await expect(page.getByTestId('staff-partner-performance-report')).toHaveAttribute('href', new RegExp(`by=day&partnerId=${partner.id}&`));
  });
}); // prettier-ignore
