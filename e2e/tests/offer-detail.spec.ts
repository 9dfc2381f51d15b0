import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, expectShell, snackbar, useApiSession } from '../fixtures.js';

type ApiOffer = {
  id: number;
  name: string;
  countries: string[];
  conversionType: string;
  requireApproval: boolean;
  partnerStatus: 'pending' | 'active' | 'refused' | 'apply_to_run' | 'public';
  descriptionHtml: string;
  verticalItems: { identifier: string; name: string }[];
  payout: { amount: number | null; percent: number | null; currency: string } | null;
};

const APPLIED = 'Your application to this offer is pending.';
/** A seeded offer whose stored description carries script and event handlers (DEMO_OFFERS.unsafeHtml). */
const UNSAFE_HTML_OFFER = 'GlowSkin – FR – Webshop';

/** Independent of the app's formatters: French locale, the currency's ISO code, minor units. */
const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(minor / 100);
const percent = (basisPoints: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
const payoutText = (payout: ApiOffer['payout']) =>
  payout
    ? [
        payout.amount !== null ? money(payout.amount, payout.currency) : null,
        payout.percent !== null ? percent(payout.percent) : null,
      ]
        .filter(Boolean)
        .join(' + ')
    : '';

async function apiGet<T>(request: APIRequestContext, bearer: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function allOffers(request: APIRequestContext, bearer: string): Promise<ApiOffer[]> {
  return (await apiGet<{ list: ApiOffer[] }>(request, bearer, '/api/v1/offer?count=500')).list;
}

test.describe('offer detail', () => {
  let bearer: string;

  test.beforeEach(async ({ context, request }) => {
    ({ bearer } = await useApiSession(context, request, DEMO.partner));
  });

  test('shows the title, the 250×250 image and the rows Geos, Payout Type, Payout, Approval Status, Vertical', async ({
    page,
    request,
  }) => {
    const offers = await allOffers(request, bearer);
    const offer = offers.find((o) => o.countries.length > 5 && o.payout?.amount != null && o.verticalItems.length > 1);
    if (!offer) throw new Error('the seed needs an offer with >5 countries, a fixed payout and 2 verticals');
    const config = await apiGet<{ data: { conversionTypeList: { value: string; label: string }[] } }>(
      request,
      bearer,
      '/api/v1/config',
    );
    const payoutType = config.data.conversionTypeList.find((item) => item.value === offer.conversionType)?.label;

    await page.goto(`/offer/${offer.id}`);
    await expectShell(page);
    await expect(page.getByTestId('page-title')).toHaveText(offer.name);
    const image = page.getByTestId('offer-detail-image');
    await expect(image).toHaveAttribute('src', /\/api\/v1\/image\/\d+\?w=250&h=250&c=1$/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([250, 250]);

    const table = page.getByTestId('offer-detail-table');
    await expect(table.locator('th')).toHaveText(['Geos', 'Payout Type', 'Payout', 'Approval Status', 'Vertical']);
    const geos = page.getByTestId('offer-detail-geos');
    const codes = () => geos.getByTestId('country-flag').evaluateAll((elements) => elements.map((f) => f.dataset.code));
    await expect(geos.getByTestId('country-flag')).toHaveCount(Math.min(5, offer.countries.length));
    expect(await codes()).toEqual(offer.countries.slice(0, 5));
    await geos.getByTestId('country-flags-toggle').click();
    await expect(geos.getByTestId('country-flag')).toHaveCount(offer.countries.length);
    expect(await codes()).toEqual(offer.countries);
    await expect(page.getByTestId('offer-detail-payout-type').getByTestId('value')).toHaveText(payoutType ?? '');
    const payout = page.getByTestId('offer-detail-payout').getByTestId('value');
    await expect(payout).toHaveText(payoutText(offer.payout));
    await expect(payout).toHaveText(/^\d{1,3}(\s\d{3})*,\d{2}\s(€|\$US|£GB)/u);
    await expect(page.getByTestId('offer-detail-approval-status').getByTestId('offer-status')).toHaveAttribute(
      'data-status',
      offer.partnerStatus,
    );
    await expect(page.getByTestId('offer-detail-vertical').getByTestId('value')).toHaveText(
      offer.verticalItems.map((v) => v.name).join(' / '),
    );
    await expect(page.getByRole('heading', { name: 'Offer Description' })).toBeVisible();
    await expect(page.getByTestId('offer-description')).not.toBeEmpty();
  });

  test('the badge follows the partner status and the button shows only when it can apply', async ({
    page,
    request,
  }) => {
    const offers = await allOffers(request, bearer);
    const expected = {
      pending: ['Pending', 'warning'],
      active: ['Active', 'success'],
      refused: ['Refused', 'dark'],
      apply_to_run: ['Apply to run', 'primary'],
      public: ['Public', 'dark'],
    } as const;
    for (const [status, [label, kind]] of Object.entries(expected)) {
      const offer = offers.find((o) => o.partnerStatus === status);
      if (!offer) throw new Error(`the seed needs an offer with status ${status} for Northwind`);
      await page.goto(`/offer/${offer.id}`);
      const badge = page.getByTestId('offer-detail-approval-status').getByTestId('offer-status');
      await expect(badge).toHaveText(label);
      await expect(badge).toHaveAttribute('data-kind', kind);
      await expect(page.getByRole('button', { name: 'Apply to Run' })).toHaveCount(status === 'apply_to_run' ? 1 : 0);
    }
  });

  test('applying disables the button while the call runs, then says pending, and a reload keeps it', async ({
    page,
    request,
  }) => {
    const offers = await allOffers(request, bearer);
    // The last candidate: no other test applies to offers, and one run never applies twice.
    const offer = offers.filter((o) => o.partnerStatus === 'apply_to_run').at(-1);
    if (!offer) throw new Error('no offer left to apply to');
    expect(offer.requireApproval).toBe(true);

    await page.goto(`/offer/${offer.id}`);
    const button = page.getByRole('button', { name: 'Apply to Run' });
    await expect(button).toBeEnabled();

    // Hold the POST until the disabled state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted: unknown = null;
    await page.route('**/api/v1/partner-offer', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posted = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    await button.click();
    await expect(button).toBeDisabled();
    await expect.poll(() => posted).toEqual({ offerId: offer.id });
    release();

    const message = snackbar(page, APPLIED);
    await expect(message).toBeVisible();
    await expect(message).toHaveAttribute('data-kind', 'success');
    const badge = page.getByTestId('offer-detail-approval-status').getByTestId('offer-status');
    await expect(badge).toHaveText('Pending');
    await expect(badge).toHaveAttribute('data-kind', 'warning');
    await expect(page.getByRole('button', { name: 'Apply to Run' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('offer-detail-approval-status').getByTestId('offer-status')).toHaveText('Pending');
    await expect(page.getByRole('button', { name: 'Apply to Run' })).toHaveCount(0);
    const applications = await apiGet<{ offer: { id: number }; status: string }[]>(
      request,
      bearer,
      '/api/v1/partner-offer',
    );
    expect(applications.filter((a) => a.offer.id === offer.id).map((a) => a.status)).toEqual(['pending']);

    // The list shows the new status too.
    await page.goto(`/offers?name=${encodeURIComponent(offer.name)}`);
    await expect(
      page.locator(`[data-testid="offer-row"][data-offer-id="${offer.id}"]`).getByTestId('offer-status'),
    ).toHaveText('Pending');
  });

  test('the description is rendered without scripts or event handlers', async ({ page, request }) => {
    const offers = await allOffers(request, bearer);
    const offer = offers.find((o) => o.name === UNSAFE_HTML_OFFER);
    if (!offer) throw new Error(`the seed needs ${UNSAFE_HTML_OFFER}`);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/offer/${offer.id}`);
    const description = page.getByTestId('offer-description');
    await expect(description).not.toBeEmpty();
    const html = await description.innerHTML();
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:/i);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  });

  test('a non-numeric, unknown or hidden id shows a clear not-found state', async ({ page, request }) => {
    const visible = new Set((await allOffers(request, bearer)).map((o) => o.id));
    // A gap below the highest visible id is an offer Northwind may not see (private or disabled).
    const hiddenId = Array.from({ length: Math.max(...visible) }, (_, i) => i + 1).find((id) => !visible.has(id));
    const ids = ['abc', '12abc', '0', '-3', '99999999999', '987654', ...(hiddenId ? [String(hiddenId)] : [])];
    expect(hiddenId).toBeDefined();
    for (const id of ids) {
      await page.goto(`/offer/${id}`);
      await expect(page.getByTestId('offer-not-found'), id).toBeVisible();
      await expect(page.getByTestId('page-title')).toHaveText('Offer not found');
      await expect(page).toHaveURL(`/offer/${id}`);
    }
    await page.getByRole('link', { name: 'Back to the offer list' }).click();
    await expect(page).toHaveURL('/offers');
  });
});
