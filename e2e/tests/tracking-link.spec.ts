import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, baseURL, expectShell, useApiSession } from '../fixtures.js';

type ApiOffer = {
  id: number;
  name: string;
  enabled: boolean;
  requireApproval: boolean;
  defaultUrl: string;
  partnerStatus: 'pending' | 'active' | 'refused' | 'apply_to_run' | 'public';
};
type ClickRow = {
  clickid: string;
  offer: { id: number; name: string };
  date: string;
  subid: string | null;
  tc1: string | null;
  tc2: string | null;
  tc3: string | null;
  tc4: string | null;
};
type Config = { partner: { id: number } | null; user: { timezone: string | null } };

async function apiGet<T>(request: APIRequestContext, bearer: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** yyyy-MM-dd on the wall clock of a whole-hour offset; null is UTC. */
function localDay(now: Date, offset: string | null): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset ?? '');
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}

/** The offer URL the click must land on: its template with the tracking macros replaced. */
function landing(template: string, values: Record<string, string>): string {
  return template.replace(/\{(click_id|offer_id|aff_id|subid|tc1|tc2|tc3|tc4)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

const REASONS = {
  pending: 'waiting for approval',
  refused: 'was refused',
  apply_to_run: 'apply to run it first',
} as const;

test.describe('tracking link', () => {
  let bearer: string;
  let config: Config;
  let offers: ApiOffer[];

  test.beforeEach(async ({ context, request }) => {
    ({ bearer } = await useApiSession(context, request, DEMO.partner));
    config = await apiGet<Config>(request, bearer, '/api/v1/config');
    offers = (await apiGet<{ list: ApiOffer[] }>(request, bearer, '/api/v1/offer?count=500')).list;
  });

  test('copied from an offer and followed, it lands on the offer and the click is reported', async ({
    page,
    context,
    request,
  }) => {
    const partnerId = config.partner!.id;
    const offer = offers.find((o) => o.enabled && !o.requireApproval && o.partnerStatus === 'public');
    if (!offer) throw new Error('the seed needs a public offer Northwind may run');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });

    await page.goto(`/offer/${offer.id}`);
    await expectShell(page);
    const block = page.getByTestId('tracking-link');
    await expect(block.getByRole('heading', { name: 'Tracking link' })).toBeVisible();
    const url = block.getByTestId('tracking-link-url');
    await expect(url).toHaveText(`${baseURL()}/click?offer_id=${offer.id}&aff_id=${partnerId}`);

    const subid = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const tc1 = 'spring sale/é';
    await block.getByLabel('SubID', { exact: true }).fill(subid);
    await block.getByLabel('Tracker 1', { exact: true }).fill(tc1);
    const expectedLink = `${baseURL()}/click?offer_id=${offer.id}&aff_id=${partnerId}&subid=${subid}&tc1=${encodeURIComponent(tc1)}`;
    await expect(url).toHaveText(expectedLink);

    await block.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(block.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expectedLink);

    // Followed as a visitor's browser would: a 302 to the offer's own URL.
    const response = await request.get(copied, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = response.headers()['location'] ?? '';

    // The click reaches the report once the buffer is flushed (every 100 ms).
    const today = localDay(new Date(), config.user.timezone);
    const query = new URLSearchParams({ subid, startDate: today, endDate: today }).toString();
    let click: ClickRow | undefined;
    await expect
      .poll(
        async () => {
          const rows = await apiGet<ClickRow[]>(request, bearer, `/api/v1/statistics/click?${query}`);
          click = rows[0];
          return rows.length;
        },
        { timeout: 10_000, message: 'the followed click in GET /statistics/click' },
      )
      .toBe(1);
    expect(click).toMatchObject({
      offer: { id: offer.id, name: offer.name },
      subid,
      tc1,
      tc2: null,
      tc3: null,
      tc4: null,
    });
    expect(click!.clickid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(location).toBe(
      landing(offer.defaultUrl, {
        click_id: click!.clickid,
        offer_id: String(offer.id),
        aff_id: String(partnerId),
        subid,
        tc1,
      }),
    );
    if (offer.defaultUrl.includes('{click_id}')) expect(location).toContain(click!.clickid);

    // And on the click report screen, filtered by the same sub-ID.
    await page.goto(`/reports/click?${query}`);
    const row = page.getByTestId('report-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-id', click!.clickid);
    await expect(row.getByTestId('report-offer-link')).toHaveText(offer.name);
    await expect(row.getByTestId('report-offer-link')).toHaveAttribute('href', `/offer/${offer.id}`);
    await expect(row).toContainText(subid);
    await expect(row).toContainText(tc1);
  });

  test('with the Meta preset, the macros stay literal in the copied link, which /click accepts and records', async ({
    page,
    context,
    request,
  }) => {
    const partnerId = config.partner!.id;
    const offer = offers.find((o) => o.enabled && !o.requireApproval && o.partnerStatus === 'public');
    if (!offer) throw new Error('the seed needs a public offer Northwind may run');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });

    await page.goto(`/offer/${offer.id}`);
    const block = page.getByTestId('tracking-link');
    await block.getByTestId('tracking-link-source').click();
    await page.getByRole('option', { name: 'Facebook / Meta', exact: true }).click();
    const meta = {
      subid: '{{ad.id}}',
      tc1: '{{adset.id}}',
      tc2: '{{campaign.id}}',
      tc3: '{{placement}}',
      tc4: '{{site_source_name}}',
    };
    await expect(block.getByLabel('SubID', { exact: true })).toHaveValue(meta.subid);
    await expect(block.getByLabel('Tracker 4', { exact: true })).toHaveValue(meta.tc4);
    // A value of the partner's own beside the platform's macro: the macro stays literal, the rest is encoded.
    const tag = `e2e ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await block.getByLabel('Tracker 2', { exact: true }).fill(`${tag}_{{campaign.id}}`);
    const values = { ...meta, tc2: `${tag}_{{campaign.id}}` };
    const expectedLink =
      `${baseURL()}/click?offer_id=${offer.id}&aff_id=${partnerId}&subid={{ad.id}}&tc1={{adset.id}}` +
      `&tc2=${encodeURIComponent(tag)}_{{campaign.id}}&tc3={{placement}}&tc4={{site_source_name}}`;
    await expect(block.getByTestId('tracking-link-url')).toHaveText(expectedLink);
    expect(expectedLink).not.toContain('%7B');

    await block.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(block.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expectedLink);

    // Meta replaces each macro at click time: the followed link carries its values in their place.
    const metaValues: Record<string, string> = {
      'ad.id': '120210000111',
      'adset.id': '120210000222',
      'campaign.id': '120210000333',
      placement: 'Instagram_Stories',
      site_source_name: 'ig',
    };
    const followed = copied.replace(/\{\{([\w.]+)\}\}/g, (_, name: string) => metaValues[name]!);
    const filled = {
      subid: '120210000111',
      tc1: '120210000222',
      tc2: `${tag}_120210000333`,
      tc3: 'Instagram_Stories',
      tc4: 'ig',
    };
    expect(followed).not.toContain('{');
    const response = await request.get(followed, { maxRedirects: 0 });
    expect(response.status()).toBe(302);

    // And one the platform left unfilled (a preview) is accepted too, the macros recorded as they came.
    const unfilled = await request.get(copied, { maxRedirects: 0 });
    expect(unfilled.status()).toBe(302);

    const today = localDay(new Date(), config.user.timezone);
    let rows: ClickRow[] = [];
    await expect
      .poll(
        async () => {
          const query = new URLSearchParams({ startDate: today, endDate: today, count: '200' }).toString();
          rows = (await apiGet<ClickRow[]>(request, bearer, `/api/v1/statistics/click?${query}`)).filter((row) =>
            row.tc2?.startsWith(tag),
          );
          return rows.length;
        },
        { timeout: 10_000, message: 'both clicks in GET /statistics/click' },
      )
      .toBe(2);
    const byTc2 = new Map(rows.map((row) => [row.tc2, row]));
    expect(byTc2.get(filled.tc2)).toMatchObject({ offer: { id: offer.id }, ...filled });
    expect(byTc2.get(values.tc2)).toMatchObject({ offer: { id: offer.id }, ...values });
    const filledClick = byTc2.get(filled.tc2)!;
    expect(response.headers()['location']).toBe(
      landing(offer.defaultUrl, {
        click_id: filledClick.clickid,
        offer_id: String(offer.id),
        aff_id: String(partnerId),
        ...filled,
      }),
    );
  });

  test('an offer needing an approval the partner lacks says why and has no link', async ({ page, request }) => {
    const partnerId = config.partner!.id;
    const refusedOffers: number[] = [];
    for (const [status, reason] of Object.entries(REASONS)) {
      const offer = offers.find((o) => o.enabled && o.requireApproval && o.partnerStatus === status);
      if (!offer) throw new Error(`the seed needs an offer requiring approval with status ${status} for Northwind`);
      await page.goto(`/offer/${offer.id}`);
      const block = page.getByTestId('tracking-link');
      await expect(block.getByTestId('tracking-link-unavailable')).toContainText(reason);
      await expect(block.getByTestId('tracking-link-url')).toHaveCount(0);
      await expect(block.getByRole('button', { name: 'Copy' })).toHaveCount(0);
      // The server agrees: such traffic is refused, not redirected.
      const refused = await request.get(`/click?offer_id=${offer.id}&aff_id=${partnerId}`, { maxRedirects: 0 });
      expect(refused.status()).toBe(403);
      expect(refused.headers()['location']).toBeUndefined();
      refusedOffers.push(offer.id);
    }
    // The refusals show under the click report, each with its offer (decision 024), as the API counts them.
    const today = localDay(new Date(), config.user.timezone);
    type Refused = { reason: string; offerId: number | null; clicks: number };
    // Refusals are counted with the click buffer's next flush (every 100 ms).
    let counted: Refused[] = [];
    await expect
      .poll(
        async () => {
          counted = await apiGet<Refused[]>(
            request,
            bearer,
            `/api/v1/statistics/refused?startDate=${today}&endDate=${today}`,
          );
          return refusedOffers.every((id) => counted.some((r) => r.reason === 'approval_required' && r.offerId === id));
        },
        { timeout: 10_000, message: 'the refused clicks in GET /statistics/refused' },
      )
      .toBe(true);
    await page.goto(`/reports/click?startDate=${today}&endDate=${today}`);
    const panel = page.getByTestId('refused-traffic');
    await expect(panel).toBeVisible();
    for (const id of refusedOffers) {
      const clicks = counted.find((r) => r.reason === 'approval_required' && r.offerId === id)?.clicks ?? 0;
      expect(clicks, `refused clicks on offer ${id}`).toBeGreaterThanOrEqual(1);
      const row = panel.locator(`[data-testid="refused-row"][data-reason="approval_required"][data-offer="${id}"]`);
      await expect(row).toContainText('This offer requires an approved application');
      await expect(row.getByRole('link')).toHaveAttribute('href', `/offer/${id}`);
      await expect(row.locator('td').last()).toHaveText(String(clicks));
    }
    // An offer requiring approval with an active application has its link.
    const approved = offers.find((o) => o.enabled && o.requireApproval && o.partnerStatus === 'active');
    if (!approved) throw new Error('the seed needs an approved offer for Northwind');
    await page.goto(`/offer/${approved.id}`);
    await expect(page.getByTestId('tracking-link-url')).toHaveText(
      `${baseURL()}/click?offer_id=${approved.id}&aff_id=${partnerId}`,
    );
  });
});
