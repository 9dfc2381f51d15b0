import { expect, test } from '@playwright/test';
import { DEMO, apiLogin, expectShell, outbox, useApiSession } from '../fixtures.js';

// Kestrel Digital's reporting user: a partner no other spec notifies.
const account = DEMO.kestrelReports;

type OfferRow = { id: number; name: string; partnerStatus: string };

test('a notification appears after an application is decided, and is marked read', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const { bearer } = await useApiSession(context, request, account);
  const auth = { authorization: `Bearer ${bearer}` };
  // The daily digests of the demo's traffic (refused clicks, conversions) reach Kestrel once their Paris hour has
  // passed, whenever the suite runs: what came before this test is read first, so that only its own notice is unread.
  // (A partner with no notification at all sees the empty list: session.spec.ts.)
  expect((await request.post('/api/v1/notifications/read-all', { headers: auth })).status()).toBe(200);
  await page.goto('/notifications');
  await expectShell(page);
  await expect(page.getByTestId('page-title')).toHaveText('Notifications (0)');
  await expect(page.getByTestId('top-bar-notifications')).toHaveText('Notifications');

  // The partner applies to an offer that needs approval; its account manager approves it.
  const offers = await request.get('/api/v1/offer?requireApproval=true&count=50', { headers: auth });
  expect(offers.status()).toBe(200);
  const list = ((await offers.json()) as { data: { list: OfferRow[] } }).data.list;
  const offer = list.find((o) => o.partnerStatus === 'apply_to_run');
  expect(offer, 'an offer Kestrel can apply to').toBeDefined();
  const applied = await request.post('/api/v1/partner-offer', { headers: auth, data: { offerId: offer!.id } });
  expect(applied.status()).toBe(200);
  const applicationId = ((await applied.json()) as { data: { id: number } }).data.id;
  const mailsBefore = outbox().filter((m) => m.to.includes(account.email)).length;

  const manager = await apiLogin(request, DEMO.manager);
  const decided = await request.put(`/api/v1/staff/partner-offers/${applicationId}`, {
    headers: { authorization: `Bearer ${manager.bearer}` },
    data: { status: 'active' },
  });
  expect(decided.status()).toBe(200);
  const title = `Your application to ${offer!.name} has been approved.`;

  // The top bar counts it on the next navigation; the screen lists it, unread.
  await page.goto('/');
  await expect(page.getByTestId('top-bar-notifications-count')).toHaveText('1');
  await page.getByTestId('top-bar-notifications').click();
  await expect(page).toHaveURL('/notifications');
  await expect(page.getByTestId('page-title')).toHaveText('Notifications (1)');
  const item = page.getByTestId('notification').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/offer/${offer!.id}`);

  // Offer notifications are on by default: the user was e-mailed too.
  await expect
    .poll(() => outbox().filter((m) => m.to.includes(account.email)).length, { timeout: 15_000 })
    .toBeGreaterThan(mailsBefore);
  // The subject is MIME-encoded (the offer name may not be ASCII); the decoded body carries the title.
  expect(
    outbox()
      .filter((m) => m.to.includes(account.email))
      .pop()?.body,
  ).toContain(title);

  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('page-title')).toHaveText('Notifications (0)');
  await expect(page.getByTestId('top-bar-notifications-count')).toHaveCount(0);
  await expect(page.getByTestId('notifications-read-all')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('notification').filter({ hasText: title })).toHaveAttribute('data-read', 'true');
});
