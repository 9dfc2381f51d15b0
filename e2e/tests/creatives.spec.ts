import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogin, approvedPartner, DEMO, signIn, snackbar, useApiSession } from '../fixtures.js';

test.describe('creatives and landing pages (decision 050)', () => {
  test('an admin adds a creative and a landing page; the partner downloads and copies the creative with its own link, picks the page, and its click lands there', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const partner = await approvedPartner(request);
    const session = await apiLogin(request, { email: partner.email, password: partner.password });
    const offers = (await (await request.get('/api/v1/offer?requireApproval=false&count=50', { headers: { authorization: `Bearer ${session.bearer}` } })).json()) as { data: { list: { id: number; partnerStatus: string; enabled: boolean }[] } }; // prettier-ignore
    const offerId = offers.data.list.find((o) => o.partnerStatus === 'public' && o.enabled)!.id;
    const suffix = Date.now().toString(36);
    const creativeName = `E2E button ${suffix}`;
    const pageName = `E2E page ${suffix}`;

    // The admin, in the offer's editor.
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto(`/staff/offers/${offerId}`);
    // The panels below the form are drawn when scrolled to (decision 129).
    await page.getByTestId('staff-offer-panels').scrollIntoViewIfNeeded();
    const creatives = page.getByTestId('staff-offer-creatives');
    await expect(creatives.getByTestId('staff-creative-row').first()).toBeVisible();
    await creatives.getByTestId('staff-creative-kind').click();
    await page.getByRole('option', { name: 'HTML', exact: true }).click();
    await creatives.getByTestId('staff-creative-name').fill(creativeName);
    await creatives.getByTestId('staff-creative-html').fill('<a href="https://elsewhere.example">no link</a>');
    await creatives.getByTestId('staff-creative-add').click();
    await expect(creatives.getByText('Put {tracking_link} where the partner’s link goes.')).toBeVisible();
    await creatives.getByTestId('staff-creative-html').fill('<a href="{tracking_link}">Get it</a>');
    await creatives.getByTestId('staff-creative-add').click();
    await expect(snackbar(page, 'The creative was added.')).toBeVisible();
    await expect(creatives.getByTestId('staff-creative-row').filter({ hasText: creativeName })).toHaveCount(1);
    const pages = page.getByTestId('staff-offer-landing-pages');
    await pages.getByTestId('staff-landing-page-name').fill(pageName);
    await pages.getByTestId('staff-landing-page-url').fill('https://e2e-lp.example.com/start?c={click_id}&s={subid}');
    await pages.getByTestId('staff-landing-page-add').click();
    await expect(snackbar(page, 'The landing page was added.')).toBeVisible();
    await expect(pages.getByTestId('staff-landing-page-row').filter({ hasText: pageName })).toHaveCount(1);

    // The partner, on the offer's page.
    const context = await browser.newContext({ acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const own = await context.newPage();
    await signIn(own, partner.email, partner.password);
    await own.goto(`/offer/${offerId}`);
    const trackingLink = own.getByTestId('tracking-link');
    await trackingLink.getByTestId('tracking-link-landing-page').click();
    await own.getByRole('option', { name: pageName }).click();
    await trackingLink.getByTestId('tracking-link-subid').fill('e2e');
    const url = trackingLink.getByTestId('tracking-link-url');
    await expect(url).toContainText('&lp=');
    const link = (await url.textContent())!.trim();
    expect(link).toContain(`aff_id=${partner.id}`);

    const card = own.getByTestId('offer-creative').filter({ hasText: creativeName });
    await expect(card).toBeVisible();
    await card.getByTestId('offer-creative-copy').click();
    await expect(card.getByTestId('offer-creative-copy')).toHaveText('Copied');
    expect(await own.evaluate(() => navigator.clipboard.readText())).toBe(`<a href="${link}">Get it</a>`);
    const downloading = own.waitForEvent('download');
    await card.getByTestId('offer-creative-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^offer-${offerId}-e2e-button-\\w+\\.html$`));
    const file = fs.readFileSync((await download.path())!, 'utf8');
    expect(file).toMatch(new RegExp(`^<a href="http://localhost:\\d+/click\\?offer_id=${offerId}&aff_id=${partner.id}">Get it</a>$`)); // prettier-ignore
    // A demo banner shows with its size.
    await expect(own.getByTestId('offer-creative').filter({ has: own.getByTestId('offer-creative-size') }).first()).toContainText('×'); // prettier-ignore

    // Its click lands on the page it picked, the macros filled in.
    const followed = await request.get(link, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers()['location']).toMatch(
      /^https:\/\/e2e-lp\.example\.com\/start\?c=[A-Za-z0-9_-]{22}&s=e2e$/,
    );
    await context.close();
  });
});
