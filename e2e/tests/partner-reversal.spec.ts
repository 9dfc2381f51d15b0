import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiLogin,
  approvedPartner,
  blockingAxeViolations,
  DEMO,
  expectShell,
  squash,
  useApiSession,
} from '../fixtures.js';

/**
 * Conversions after the fact, part 3 (decision 069): finance reverses a partner's conversion with the code 'refund'
 * and a note; the partner's conversion report says 'Reversed: refund' with the note beneath, on the link the daily
 * digest sends (`?changedFrom=` the day), readable on a phone, and passes axe. The partner is one of its own, so no
 * other spec meets the reversed conversion.
 */

type Offer = { id: number; enabled: boolean; requireApproval: boolean; partnerStatus: string };
type StaffGoal = { goal: string; payoutAmount: number | null; private: boolean; manualValidation: boolean };
type ConversionRow = { id: number; status: string; reason: string | null; reversalReason: string | null; note: string | null }; // prettier-ignore

async function apiGet<T>(request: APIRequestContext, bearer: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A click of the partner on a public offer, then the advertiser's postback: the conversion's id and its day. */
async function convert(request: APIRequestContext, partner: { id: number; email: string; password: string }) {
  const { bearer } = await apiLogin(request, partner);
  const offers = (await apiGet<{ list: Offer[] }>(request, bearer, '/api/v1/offer?count=500')).list;
  const offer = offers.find((o) => o.enabled && !o.requireApproval && o.partnerStatus === 'public');
  if (!offer) throw new Error('the seed needs a public offer');
  const admin = (await apiLogin(request, DEMO.admin)).bearer;
  const detail = await apiGet<{ advertiser: { id: number }; goals: StaffGoal[] }>(request, admin, `/api/v1/staff/offers/${offer.id}`); // prettier-ignore
  const goal =
    detail.goals.find((g) => !g.private && !g.manualValidation && g.payoutAmount) ??
    detail.goals.find((g) => !g.private)!;
  const advertisers = await apiGet<{ id: number; securityToken: string }[]>(request, admin, '/api/v1/staff/advertisers'); // prettier-ignore
  const token = advertisers.find((a) => a.id === detail.advertiser.id)!.securityToken;

  const subid = `rev-${Date.now().toString(36)}`;
  const click = await request.get(`/click?offer_id=${offer.id}&aff_id=${partner.id}&subid=${subid}`, { maxRedirects: 0 }); // prettier-ignore
  expect(click.status()).toBe(302);
  let clickId = '';
  // Clicks are written in batches: wait for it in the partner's click report.
  await expect
    .poll(
      async () => {
        const rows = await apiGet<{ clickid: string; subid: string | null }[]>(request, bearer, `/api/v1/statistics/click?subid=${subid}&startDate=${today()}`); // prettier-ignore
        clickId = rows[0]?.clickid ?? '';
        return clickId;
      },
      { timeout: 15_000, message: 'the click in the partner’s click report' },
    )
    .not.toBe('');
  const params = new URLSearchParams({ token, click_id: clickId, goal: goal.goal, amount: '120.00', transaction_id: `TX-${subid}` }); // prettier-ignore
  const postback = await request.get(`/postback?${params}`);
  expect(postback.status(), await postback.text()).toBe(200);
  const answer = (await postback.json()) as { conversionId: number | null; status: string };
  expect(answer.conversionId, JSON.stringify(answer)).not.toBeNull();
  return { id: answer.conversionId!, bearer };
}

/** Today in UTC: a partner without a time zone reads its days in UTC. */
const today = () => new Date().toISOString().slice(0, 10);

test.describe('the partner sees why a conversion was reversed', () => {
  test('finance reverses with refund and a note; the partner reads “Reversed: refund” and the note', async ({
    page,
    context,
    request,
  }) => {
    const partner = await approvedPartner(request);
    const { id, bearer } = await convert(request, partner);

    const finance = (await apiLogin(request, DEMO.finance)).bearer;
    const note = 'The customer returned the order within 14 days.';
    const reversed = await request.post(`/api/v1/staff/conversions/${id}/reverse`, {
      headers: { authorization: `Bearer ${finance}` },
      data: { reason: 'refund', note },
    });
    expect(reversed.status(), await reversed.text()).toBe(200);

    // The API says it too, without the network's revenue.
    const rows = await apiGet<ConversionRow[]>(request, bearer, `/api/v1/statistics/conversion?changedFrom=${today()}`); // prettier-ignore
    expect(rows).toEqual([expect.objectContaining({ id, status: 'rejected', reason: 'reversed', reversalReason: 'refund', note })]); // prettier-ignore

    // The daily digest's link: the conversions changed since a day, of every date.
    await useApiSession(context, request, partner);
    await page.goto(`/reports/conversion?changedFrom=${today()}`);
    await expectShell(page);
    const row = page.locator(`[data-testid="report-row"][data-id="${id}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('report-row')).toHaveCount(1);
    await expect(row.getByTestId('report-status')).toHaveText('Rejected');
    await expect(row.getByTestId('report-reason')).toHaveText('Reversed: refund');
    await expect(row.getByTestId('report-note')).toHaveText(`Note: ${note}`);
    await expect(row.getByTestId('report-original')).toBeVisible();
    expect(squash((await row.getByTestId('report-amounts-label').textContent()) ?? '')).toMatch(/^Reversed from .+ to .*0[,.]00/); // prettier-ignore
    await expect(page.getByRole('switch', { name: /^Changed since / })).toBeChecked();
    await expect(page.getByTestId('report-applied-range')).toHaveText('Conversions of every date');

    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
    expect(await blockingAxeViolations(page)).toEqual([]);

    // On a 390 px phone the note is written out in full, scrolled to within the table.
    await page.setViewportSize({ width: 390, height: 844 });
    // The rows are drawn again as the phone's cards (decision 095): scrolled to once they are.
    await expect(async () => {
      await row.getByTestId('report-note').scrollIntoViewIfNeeded({ timeout: 2_000 });
      await expect(row.getByTestId('report-note')).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const box = await row.getByTestId('report-note').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
  });
});
