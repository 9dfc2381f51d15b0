import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiLogin, registerThroughApi, resetLinkFor, signIn, snackbar, uniqueEmail } from '../fixtures.js';

/** A one-page PDF, enough for the server's type check by the bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A registration approved by an admin, its password chosen: a partner of its own that no other spec touches. */
async function freshPartner(request: APIRequestContext) {
  const email = uniqueEmail('managed');
  const companyName = `Managed Media ${email.split('@')[0]!.slice(-6)}`;
  await registerThroughApi(request, { email, companyName });
  const admin = await apiLogin(request, DEMO.admin);
  const headers = { authorization: `Bearer ${admin.bearer}` };
  const pending = (await (
    await request.get(`/api/v1/staff/partners?status=pending&q=${encodeURIComponent(email)}`, { headers })
  ).json()) as { data: { id: number; accountManager: { name: string } | null }[] };
  const partner = pending.data[0]!;
  expect((await request.put(`/api/v1/staff/partners/${partner.id}/status`, { headers, data: { status: 'active' } })).status()).toBe(200);
  const key = new URL(await resetLinkFor(email, 1)).searchParams.get('key');
  const password = 'Managed2026!';
  expect((await request.post('/api/v1/password/reset', { data: { key, password } })).status()).toBe(200);
  const session = await apiLogin(request, { email, password });
  const auth = { authorization: `Bearer ${session.bearer}` };

  // It applies to an offer that needs approval, and sends its proof of identity.
  const offers = (await (await request.get('/api/v1/offer?requireApproval=true&count=50', { headers: auth })).json()) as {
    data: { list: { id: number; name: string; partnerStatus: string }[] };
  };
  const offer = offers.data.list.find((o) => o.partnerStatus === 'apply_to_run')!;
  expect((await request.post('/api/v1/partner-offer', { headers: auth, data: { offerId: offer.id } })).status()).toBe(200);
  const upload = await request.post('/api/v1/partner/compliance-document', {
    headers: auth,
    data: { type: 'proof_of_identity', document: { filename: 'passport.pdf', data: `data:application/pdf;base64,${PDF.toString('base64')}` } },
  });
  expect(upload.status()).toBe(200);
  return { id: partner.id, email, password, companyName, offer, manager: partner.accountManager?.name ?? null };
} // prettier-ignore

test.describe('the staff console’s partners and queues', () => {
  test('an admin finds a partner, reassigns it and changes its terms, sees both in its history, decides its queues, and the partner is told', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const partner = await freshPartner(request);
    const reassignTo = partner.manager === 'Lucas Moreau' ? 'Claire Martin' : 'Lucas Moreau';

    await signIn(page, DEMO.admin.email, DEMO.admin.password);
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
    await expect(snackbar(page, 'The partner was saved.')).toBeVisible();

    // Both changes, field by field, in the history tab.
    await page.getByTestId('staff-partner-tab-history').click();
    const entries = page.getByTestId('staff-partner-history-entry');
    await expect(entries.filter({ hasText: 'paymentTerms: net30 → net60' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'paymentThreshold: — → 25050' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'accountManagerId' })).toHaveCount(1);
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
}); // prettier-ignore
