import { expect, test } from '@playwright/test';
import { DEMO, apiLogin, approvedPartner, snackbar, useApiSession } from '../fixtures.js';

test.describe('traffic you can trust (decision 083)', () => {
  test('staff block a sub-ID on an offer: the next click from it goes to the fallback, another sub-ID is taken', async ({
    page,
    context,
    request,
  }) => {
    const partner = await approvedPartner(request);
    const { bearer } = await apiLogin(request, partner);
    const offers = (await (await request.get('/api/v1/offer?count=500', { headers: { authorization: `Bearer ${bearer}` } })).json()) as { data: { list: { id: number; enabled: boolean; requireApproval: boolean; partnerStatus: string }[] } }; // prettier-ignore
    const offer = offers.data.list.find((o) => o.enabled && !o.requireApproval && o.partnerStatus === 'public')!;
    const admin = { authorization: `Bearer ${(await apiLogin(request, DEMO.admin)).bearer}` };
    const fallback = 'https://fallback.example.com/?s={subid}';
    const subid = `junk${Date.now().toString(36)}`;
    const setFallback = async (url: string | null) =>
      expect((await request.put(`/api/v1/staff/offers/${offer.id}`, { headers: admin, data: { fallbackUrl: url } })).status()).toBe(200); // prettier-ignore
    await setFallback(fallback);
    try {
      await useApiSession(context, request, DEMO.admin);
      await page.goto('/staff/traffic');
      await expect(page.getByTestId('traffic-rule-bot')).toHaveValue('Refuse');
      await page.getByTestId('block-value').fill(subid);
      await page.getByTestId('block-offer').fill(String(offer.id));
      await page.getByTestId('block-partner').fill(String(partner.id));
      await page.getByTestId('block-note').fill('Placement that never converts');
      await page.getByTestId('block-add').click();
      await expect(snackbar(page, `${subid} is blocked.`)).toBeVisible();
      await expect(page.getByTestId('block-row').filter({ hasText: subid })).toContainText(partner.companyName);

      // The next click with that sub-ID, in the browser: redirected to the offer's fallback (a host that does not
      // resolve here, so the navigation ends in a DNS error once the browser has asked for it).
      const link = (s: string) => `/click?offer_id=${offer.id}&aff_id=${partner.id}&subid=${s}`;
      const toFallback = page.waitForRequest((r) => r.url().startsWith('https://fallback.example.com/'));
      await page.goto(link(subid)).catch(() => undefined);
      const landed = await toFallback;
      expect(landed.url()).toBe(`https://fallback.example.com/?s=${subid}`);
      expect(landed.redirectedFrom()?.url()).toContain(link(subid));
      // Another sub-ID of the partner's goes to the offer.
      const taken = await request.get(link('good'), { maxRedirects: 0 });
      expect(taken.status()).toBe(302);
      expect(taken.headers()['location']).not.toContain('fallback.example.com');
      // A headless browser is refused as a bot by default (the suite presents a desktop Chrome, decision 102).
      const headless = await request.get(link('good'), {
        maxRedirects: 0,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36' }, // prettier-ignore
      });
      expect(headless.headers()['location']).toBe('https://fallback.example.com/?s=good');
    } finally {
      await setFallback(null);
    }
  });
});
