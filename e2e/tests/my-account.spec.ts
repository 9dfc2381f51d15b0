import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiLogin, expectShell, mailCount, outbox, snackbar, useApiSession } from '../fixtures.js';

const TEXT = {
  company: 'Company information updated.',
  contact: 'Main contact information updated.',
  payment: 'Payment information updated.',
  documents: 'Your documents have been successfully updated.',
  iban: 'Please enter a valid IBAN (the country code, check digits or account number are wrong).',
  wrongPassword: 'The current password is incorrect.',
};

/** A minimal well-formed PDF, made here so the test carries no binary fixture. */
function samplePdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

async function openMyAccount(page: Page) {
  await page.goto('/my-account');
  await expectShell(page);
  await expect(page.getByTestId('page-title')).toHaveText('My Account');
}

/** Fills a text field and saves its form, expecting the exact success message. */
async function saveWith(page: Page, form: string, values: Record<string, string>, message: string) {
  for (const [field, value] of Object.entries(values)) {
    await page.getByTestId(`${form}-${field}`).fill(value);
  }
  // A previous save's snackbar with the same text must be gone, so the next one proves this save.
  await expect(snackbar(page, message)).toHaveCount(0);
  const save = page.getByTestId(`${form}-save`);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(snackbar(page, message)).toBeVisible();
}

test.describe('My Account', () => {
  test.beforeEach(async ({ page, context, request }) => {
    await useApiSession(context, request, DEMO.partner);
    await openMyAccount(page);
  });

  test('company: read-only identity, an edit saved and restored', async ({ page }) => {
    await expect(page.getByTestId('company-companyName')).toHaveValue('Northwind Media');
    await expect(page.getByTestId('company-companyName')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('company-companyNumber')).toHaveValue('852 147 963 00021');
    await expect(page.getByTestId('company-vatNumber')).toHaveValue('FR32852147963');
    await expect(page.getByTestId('company-companyStatus')).toHaveValue('SAS');
    // The company e-mail is the partner's, not the sign-in address: left untouched here.
    const original = {
      address: await page.getByTestId('company-address').inputValue(),
      city: await page.getByTestId('company-city').inputValue(),
    };
    expect(original.city).toBe('Paris');

    await saveWith(page, 'company', { address: '4 place Bellecour', city: 'Lyon' }, TEXT.company);
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('My Account');
    await expect(page.getByTestId('company-city')).toHaveValue('Lyon');
    await expect(page.getByTestId('company-address')).toHaveValue('4 place Bellecour');

    // A required field emptied: the field says so and Save is disabled.
    await page.getByTestId('company-city').fill('');
    await expect(page.getByTestId('company-form').getByText('This field is required.')).toBeVisible();
    await expect(page.getByTestId('company-save')).toBeDisabled();

    await saveWith(page, 'company', original, TEXT.company);
    await page.reload();
    await expect(page.getByTestId('company-city')).toHaveValue(original.city);
  });

  test('main contact: an edit saved and restored', async ({ page }) => {
    await page.getByTestId('accordion-contact').click();
    const telegram = page.getByTestId('contact-telegram');
    await expect(telegram).toBeVisible();
    await expect(page.getByTestId('contact-firstname')).toHaveValue('Emma');
    const original = await telegram.inputValue();

    await saveWith(page, 'contact', { telegram: 'emma_e2e' }, TEXT.contact);
    await page.reload();
    await page.getByTestId('accordion-contact').click();
    await expect(page.getByTestId('contact-telegram')).toHaveValue('emma_e2e');

    await saveWith(page, 'contact', { telegram: original }, TEXT.contact);
  });

  test('payment: terms shown read-only, an invalid IBAN explained, a valid one saved', async ({ page }) => {
    await page.getByTestId('accordion-payment').click();
    await expect(page.getByTestId('payment-paymentTerms')).toHaveValue('Net 30');
    await expect(page.getByTestId('payment-paymentCurrency')).toHaveValue('EUR');
    await expect(page.getByTestId('payment-paymentMethod')).toHaveValue('Wire transfer');
    const iban = page.getByTestId('payment-iban');
    // The form fills in once the partner has loaded: wait for it rather than read it at once.
    const original = 'FR7630006000011234567890189';
    await expect(iban).toHaveValue(original);

    await iban.fill('FR76 3000 6000 0112 3456 7890 180');
    await expect(page.getByTestId('payment-form').getByText(TEXT.iban)).toBeVisible();
    await expect(page.getByTestId('payment-save')).toBeDisabled();

    // A bank change needs the current password: a wrong one is refused under its field.
    await iban.fill('de89 3704 0044 0532 0130 00');
    await page.getByTestId('payment-currentPassword').fill('Not-the-password1');
    await page.getByTestId('payment-save').click();
    await expect(page.getByTestId('payment-form').getByText(TEXT.wrongPassword, { exact: true })).toBeVisible();

    const mailsBefore = mailCount(DEMO.partner.email);
    const password = DEMO.partner.password;
    await saveWith(page, 'payment', { iban: 'de89 3704 0044 0532 0130 00', currentPassword: password }, TEXT.payment);
    // The server keeps the IBAN in its electronic form.
    await expect(iban).toHaveValue('DE89370400440532013000');
    // The partner's users are told, with the end of the IBAN only.
    await expect
      .poll(() =>
        outbox()
          .filter((m) => m.to.includes(DEMO.partner.email) && m.subject === 'Your bank details were changed')
          .slice(-1)
          .map((m) => m.body),
      )
      .toEqual([expect.stringContaining(' 3000.')]);
    expect(mailCount(DEMO.partner.email)).toBeGreaterThan(mailsBefore);
    expect(outbox().some((m) => m.body.includes('DE89370400440532013000'))).toBe(false);

    await saveWith(page, 'payment', { iban: original, currentPassword: password }, TEXT.payment);
    await page.reload();
    await page.getByTestId('accordion-payment').click();
    await expect(page.getByTestId('payment-iban')).toHaveValue(original);
  });

  test('compliance documents: an upload awaits approval, shows its expiry and downloads', async ({
    page,
    request,
  }, testInfo) => {
    await page.getByTestId('accordion-documents').click();
    const row = page.getByTestId('document-row-insertion_order');
    await expect(row).toContainText('Insertion order');
    await expect(page.getByTestId('document-status-insertion_order')).toHaveText('No document saved');
    // The demo approved Northwind's proof of identity (with an expiry) and its contract.
    await expect(page.getByTestId('document-status-proof_of_identity')).toHaveText('Approved');
    await expect(page.getByTestId('document-expired-proof_of_identity')).toHaveCount(0);

    const pdf = samplePdf();
    await page
      .getByTestId('document-input-insertion_order')
      .setInputFiles({ name: 'insertion-order.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(snackbar(page, TEXT.documents)).toBeVisible();
    await expect(page.getByTestId('document-status-insertion_order')).toHaveText('Awaiting approval');
    await expect(page.getByTestId('document-upload-insertion_order')).toHaveText('Replace');

    // Staff set an expiry (status left pending, so the partner gets no notification other specs would count).
    const { bearer } = await apiLogin(request, DEMO.admin);
    const partner = await request.get('/api/v1/config', {
      headers: { authorization: `Bearer ${(await apiLogin(request, DEMO.partner)).bearer}` },
    });
    const documentId = ((await partner.json()) as { data: { partner: { documents: Record<string, { id: number }> } } })
      .data.partner.documents.insertion_order!.id;
    const review = await request.put(`/api/v1/staff/compliance-documents/${documentId}`, {
      headers: { authorization: `Bearer ${bearer}` },
      data: { status: 'pending', expireAt: '2027-06-30' },
    });
    expect(review.status()).toBe(200);
    // Opened afresh once the shell is drawn (a click on the section before the screen settled could close it again).
    await openMyAccount(page);
    await page.getByTestId('accordion-documents').click();
    await expect(page.getByTestId('document-expiry-insertion_order')).toHaveText('2027-06-30');
    await expect(page.getByTestId('document-status-insertion_order')).toHaveText('Awaiting approval');
    const downloadButton = page.getByTestId('document-download-insertion_order');
    await expect(downloadButton).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe('insertion-order.pdf');
    const saved = testInfo.outputPath('downloaded.pdf');
    await download.saveAs(saved);
    expect(fs.readFileSync(saved).equals(pdf)).toBe(true);
  });
});
