import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiLogin, approvedPartner, blockingAxeViolations, expectShell, useApiSession } from '../fixtures.js';

/**
 * The fraud queue (decisions 101, 108): a conversion posted a couple of seconds after its click, on an offer whose
 * `tooFast` rule holds conversions for review (an offer override: the e2e network allows every conversion rule, see
 * global-setup.ts), waits in the staff's Fraud review screen with its evidence; finance approves it there, and the
 * partner's conversion report says Approved. The partner is one of its own, and the offer's override is removed after.
 */

type Offer = { id: number; enabled: boolean; requireApproval: boolean; partnerStatus: string };
type StaffGoal = { goal: string; payoutAmount: number | null; private: boolean; manualValidation: boolean };
type Held = {
  id: number;
  status: string;
  reason: string | null;
  signals: string[];
  evidence: { secondsToConvert: number | null; minSecondsToConvert: number | null } | null;
};

async function apiGet<T>(request: APIRequestContext, bearer: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const OVERRIDE_OFF = { bot: null, missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null };

test.describe('the fraud queue (decision 108)', () => {
  test('a conversion seconds after its click waits in Fraud review, finance approves it, the partner sees it approved', async ({
    page,
    context,
    request,
  }) => {
    const partner = await approvedPartner(request);
    const { bearer } = await apiLogin(request, partner);
    const admin = (await apiLogin(request, DEMO.admin)).bearer;
    const adminHeaders = { authorization: `Bearer ${admin}` };
    // The last public offer: the other specs take the first, so none of theirs meets this override.
    const offers = (await apiGet<{ list: Offer[] }>(request, bearer, '/api/v1/offer?count=500')).list;
    const offer = offers.filter((o) => o.enabled && !o.requireApproval && o.partnerStatus === 'public').at(-1)!;
    expect(offer, 'a public demo offer').toBeTruthy();
    const detail = await apiGet<{ advertiser: { id: number }; goals: StaffGoal[] }>(request, admin, `/api/v1/staff/offers/${offer.id}`); // prettier-ignore
    const goal = detail.goals.find((g) => !g.private && !g.manualValidation && g.payoutAmount) ?? detail.goals.find((g) => !g.private)!; // prettier-ignore
    const advertisers = await apiGet<{ id: number; securityToken: string }[]>(request, admin, '/api/v1/staff/advertisers'); // prettier-ignore
    const token = advertisers.find((a) => a.id === detail.advertiser.id)!.securityToken;

    const setOverride = async (tooFast: 'flag' | null) => {
      const saved = await request.put('/api/v1/staff/traffic-rules', {
        headers: adminHeaders,
        data: { offerId: offer.id, ...OVERRIDE_OFF, tooFast },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    await setOverride('flag');
    try {
      // The click, then the advertiser's postback as soon as the click is known (503 until its batch is written).
      const subid = `fr-${Date.now().toString(36)}`;
      const click = await request.get(`/click?offer_id=${offer.id}&aff_id=${partner.id}&subid=${subid}`, { maxRedirects: 0 }); // prettier-ignore
      expect(click.status()).toBe(302);
      const clickId = new URL(click.headers()['location']!).searchParams.get('cid');
      expect(clickId, click.headers()['location']).toBeTruthy();
      const params = new URLSearchParams({ token, click_id: clickId!, goal: goal.goal, amount: '80.00', transaction_id: `TX-${subid}` }); // prettier-ignore
      let answer: { conversionId: number | null; status: string } = { conversionId: null, status: '' };
      await expect
        .poll(
          async () => {
            const postback = await request.get(`/postback?${params}`);
            if (postback.status() === 200) answer = (await postback.json()) as typeof answer;
            return postback.status();
          },
          { timeout: 8_000, intervals: [200], message: 'the postback once the click is written' },
        )
        .toBe(200);
      expect(answer.conversionId, JSON.stringify(answer)).not.toBeNull();
      expect(answer.status).toBe('pending');
      const id = answer.conversionId!;

      // Held with its signal and what was measured, as the staff's search answers it.
      const finance = (await apiLogin(request, DEMO.finance)).bearer;
      const held = await apiGet<Held[]>(request, finance, `/api/v1/staff/conversions?status=pending&reason=fraud_review&q=${id}`); // prettier-ignore
      expect(held).toEqual([expect.objectContaining({ id, status: 'pending', reason: 'fraud_review', signals: ['tooFast'] })]); // prettier-ignore
      expect(held[0]!.evidence!.secondsToConvert!).toBeLessThan(held[0]!.evidence!.minSecondsToConvert!);

      // Finance opens Fraud review from its menu: the row says why in words, with the evidence.
      await useApiSession(context, request, DEMO.finance);
      await page.goto('/staff');
      await expectShell(page);
      await page.getByTestId('menu-staffFraudReview').click();
      await expect(page).toHaveURL('/staff/fraud-review');
      await expect(page.getByTestId('page-title')).toHaveText('Fraud review');
      const row = page.locator(`[data-testid="fraud-row"][data-conversion-id="${id}"]`);
      await expect(row).toBeVisible();
      await expect(row.getByTestId('fraud-signals')).toHaveText('Converted sooner after the click than the goal allows'); // prettier-ignore
      await expect(row.getByTestId('fraud-evidence-time')).toContainText('(the goal asks at least');
      await expect(row.getByTestId('fraud-evidence-agent')).toContainText('Chrome');
      expect(await blockingAxeViolations(page)).toEqual([]);

      // Selected and approved in one action, after the confirmation.
      await page.getByRole('checkbox', { name: `Select conversion ${id}`, exact: true }).check();
      await expect(page.getByTestId('fraud-selected')).toContainText('1 conversion selected');
      await page.getByTestId('fraud-approve').click();
      const dialog = page.getByTestId('staff-conversion-decision-dialog');
      await expect(dialog.getByRole('heading', { name: 'Approve 1 conversion?' })).toBeVisible();
      expect(await blockingAxeViolations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByTestId('staff-conversion-decision-confirm').click();
      await expect(page.getByText('1 conversion approved.')).toBeVisible();
      await expect(row).toHaveCount(0);

      // The partner's conversion report: approved.
      await context.clearCookies();
      await useApiSession(context, request, partner);
      // Today's conversions (a partner without a time zone reads its days in UTC).
      const today = new Date().toISOString().slice(0, 10);
      await page.goto(`/reports/conversion?preset=custom&startDate=${today}&endDate=${today}`);
      await expectShell(page);
      const report = page.locator(`[data-testid="report-row"][data-id="${id}"]`);
      await expect(report.getByTestId('report-status')).toHaveText('Approved');
    } finally {
      await setOverride(null);
    }
  });
});
