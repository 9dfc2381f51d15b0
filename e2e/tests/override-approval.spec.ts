import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, approvedPartner, blockingAxeViolations, DEMO, snackbar, useApiSession } from '../fixtures.js';

type Goal = { goal: string; name: string; revenueAmount: number | null; payoutAmount: number | null };

/** An offer whose first goal pays an amount that 25 % more still leaves under its revenue, and that payout. */
async function offerWithRoom(request: APIRequestContext, headers: Record<string, string>) {
  const list = (await (await request.get('/api/v1/staff/offers?count=50', { headers })).json()) as { data: { id: number }[] }; // prettier-ignore
  for (const { id } of list.data) {
    const detail = (await (await request.get(`/api/v1/staff/offers/${id}`, { headers })).json()) as { data: { goals: Goal[] } }; // prettier-ignore
    const goal = detail.data.goals[0];
    if (!goal?.payoutAmount || goal.revenueAmount === null) continue;
    const requested = Math.ceil((goal.payoutAmount * 125) / 100);
    if (requested <= goal.revenueAmount) return { id, goal, requested };
  }
  throw new Error('no demo offer leaves room for a payout 25 % above its goal');
}

test.describe('payout overrides above the approval step (decision 063)', () => {
  test("an account manager's override 25 % above the goal's payout waits for an admin, who approves it on the staff home", async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    // A partner of its own, handed to the demo account manager.
    const partner = await approvedPartner(request);
    const admin = { authorization: `Bearer ${(await apiLogin(request, DEMO.admin)).bearer}` };
    const staff = (await (await request.get('/api/v1/staff/users', { headers: admin })).json()) as { data: { id: number; email: string }[] }; // prettier-ignore
    const managerId = staff.data.find((u) => u.email === DEMO.manager.email)!.id;
    const assigned = await request.put(`/api/v1/staff/partners/${partner.id}`, { headers: admin, data: { accountManagerId: managerId } }); // prettier-ignore
    expect(assigned.status()).toBe(200);
    const offer = await offerWithRoom(request, admin);

    // The account manager sets it from the offer's page: it is a request, the partner keeps the goal's payout.
    await useApiSession(page.context(), request, DEMO.manager);
    await page.goto(`/staff/offers/${offer.id}`);
    // The panels below the form are drawn when scrolled to (decision 129).
    await page.getByTestId('staff-offer-panels').scrollIntoViewIfNeeded();
    const panel = page.getByTestId('staff-offer-overrides');
    // The picker loads its list's code when pressed (decision 122).
    await panel.getByTestId('staff-offer-override-partner').click();
    await panel.getByTestId('staff-offer-override-partner').fill(partner.companyName);
    await page.getByRole('option', { name: `${partner.companyName} #${partner.id}` }).click();
    await panel.getByTestId('staff-offer-override-amount').fill((offer.requested / 100).toFixed(2));
    await panel.getByTestId('staff-offer-override-save').click();
    await expect(snackbar(page, 'The payout is above the approval step: it waits for an admin')).toBeVisible();
    const request_ = panel.getByTestId('staff-offer-override-request').filter({ hasText: partner.companyName });
    await expect(request_).toContainText('Waiting for an admin');
    await expect(panel.getByTestId('staff-offer-override-row').filter({ hasText: partner.companyName })).toHaveCount(0);

    // An admin approves it on the staff home; the queue passes axe.
    const context = await browser.newContext();
    const adminPage = await context.newPage();
    await useApiSession(adminPage.context(), request, DEMO.admin);
    await adminPage.goto('/staff');
    const queue = adminPage.getByTestId('staff-home-override-requests');
    const row = queue.getByTestId('staff-home-override-request').filter({ hasText: partner.companyName });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Claire Martin');
    expect(await blockingAxeViolations(adminPage, '[data-testid="staff-home-override-requests"]')).toEqual([]);
    await row.getByTestId('override-request-approve').click();
    await expect(snackbar(adminPage, `The payout of ${partner.companyName} #${partner.id} is approved`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await context.close();

    // Applied: the partner's own payout is the requested one, and the manager's panel says so.
    const overrides = (await (await request.get(`/api/v1/staff/offers/${offer.id}/overrides`, { headers: admin })).json()) as { data: { partner: { id: number }; goal: string; payoutAmount: number }[] }; // prettier-ignore
    expect(overrides.data.find((o) => o.partner.id === partner.id && o.goal === offer.goal.goal)?.payoutAmount).toBe(offer.requested); // prettier-ignore
    await page.reload();
    await page.getByTestId('staff-offer-panels').scrollIntoViewIfNeeded();
    await expect(request_).toContainText('Approved');
    await expect(panel.getByTestId('staff-offer-override-row').filter({ hasText: partner.companyName })).toHaveCount(1);
  });
});
