import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, blockingAxeViolations, DEMO, demoAdvertiserToken, snackbar, useApiSession } from '../fixtures.js';

// Kestrel Digital's reporting user, as the postbacks spec: its conversions change no other spec's numbers.
const account = DEMO.kestrelReports;
// LunaDate – FR – SOI: public, no approval; its advertiser is the seed's first (catalogue.ts).
const OFFER = { name: 'LunaDate – FR – SOI', advertiser: 'Amora Group' };

const authed = (bearer: string) => ({ Authorization: `Bearer ${bearer}` });

/** An approved or pending conversion of the partner under `transactionId`: a click, then the advertiser's postback. */
async function convert(request: APIRequestContext, transactionId: string) {
  const { bearer } = await apiLogin(request, account);
  const config = (await (await request.get('/api/v1/config', { headers: authed(bearer) })).json()) as {
    data: { partner: { id: number } };
  };
  const offers = (await (
    await request.get('/api/v1/offer', { headers: authed(bearer), params: { name: 'LunaDate', groups: 'goals,goal' } })
  ).json()) as { data: { list: { id: number; name: string; offerGoals?: { goal?: { identifier: string } }[] }[] } };
  const offer = offers.data.list.find((item) => item.name === OFFER.name)!;
  const goal = offer.offerGoals!.find((item) => item.goal)!.goal!.identifier;
  const click = await request.get('/click', {
    params: { offer_id: offer.id, aff_id: config.data.partner.id, subid: 'e2e-scrub' },
    maxRedirects: 0,
  });
  const clickId = new URL(click.headers().location ?? '').searchParams.get('cid') ?? '';
  const postback = await request.get('/postback', {
    params: {
      click_id: clickId,
      goal,
      amount: '25.00',
      transaction_id: transactionId,
      token: await demoAdvertiserToken(request, OFFER.advertiser),
    },
  });
  expect(postback.status()).toBe(200);
  const answer = (await postback.json()) as { status: string; conversionId: number };
  expect(['approved', 'pending']).toContain(answer.status);
  return answer.conversionId;
}

test('finance uploads an advertiser’s scrub file, reads its preview and applies it', async ({ page, request }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const first = `e2e-scrub-${stamp}-1`;
  const second = `e2e-scrub-${stamp}-2`;
  const conversionIds = [await convert(request, first), await convert(request, second)];

  await useApiSession(page.context(), request, DEMO.finance);
  await page.goto('/staff');
  await page.getByTestId('menu-staffScrubs').click();
  await expect(page).toHaveURL('/staff/conversions/scrubs');
  await expect(page.getByTestId('page-title')).toHaveText('Scrub files');

  const form = page.getByTestId('staff-scrub-upload');
  // Nothing chosen: said under each field, nothing sent.
  await form.getByTestId('staff-scrub-submit').click();
  await expect(form).toContainText('Choose the advertiser whose transaction ids the file lists.');
  await form.getByTestId('staff-scrub-advertiser').fill('Amora');
  await page.getByRole('option', { name: OFFER.advertiser, exact: true }).click();
  await form.locator('input[type="file"]').setInputFiles({
    name: 'amora-scrub.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `transaction_id,reason\n${first},refund\n${second},Customer never paid\n,refund\n${first}\nunknown-${stamp}\n`,
    ),
  });
  await form.getByTestId('staff-scrub-note').fill('Amora scrub, e2e');
  await form.getByTestId('staff-scrub-submit').click();

  // The preview: counts, the partner at stake, the errors by line.
  await expect(page).toHaveURL(/\/staff\/conversions\/scrubs\/\d+$/);
  await expect(page.getByTestId('staff-scrub-count-found')).toContainText('2');
  await expect(page.getByTestId('staff-scrub-count-unknown')).toContainText('1');
  await expect(page.getByTestId('staff-scrub-count-errors')).toContainText('2');
  await expect(page.getByTestId('staff-scrub-stakes')).toContainText('Kestrel');
  const errors = page.getByTestId('staff-scrub-errors');
  await expect(errors).toContainText('The transaction id is empty.');
  await expect(errors).toContainText('This transaction id is already on an earlier line.');
  expect(await blockingAxeViolations(page)).toEqual([]);

  // Apply, from the keyboard, after a confirmation naming the count.
  await page.getByTestId('staff-scrub-apply').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('staff-scrub-apply-dialog');
  await expect(dialog).toContainText('This reverses 2 conversions at once');
  await expect(page.getByTestId('staff-scrub-apply-totals')).toContainText('2 conversions: payout');
  expect(await blockingAxeViolations(page)).toEqual([]);
  await dialog.getByTestId('staff-scrub-apply-confirm').click();
  await expect(snackbar(page, '2 conversions were reversed.')).toBeVisible();
  await expect(page.getByTestId('staff-scrub-status')).toHaveText('Applied');
  await expect(page.getByTestId('staff-scrub-result')).toContainText('2 conversions reversed, 0 skipped');

  // The conversions are reversed, with the line's reason.
  const { bearer } = await apiLogin(request, DEMO.finance);
  for (const [id, reason] of [
    [conversionIds[0], 'refund'],
    [conversionIds[1], 'other'],
  ] as const) {
    const history = (await (
      await request.get(`/api/v1/staff/conversions/${id}/adjustments`, { headers: authed(bearer) })
    ).json()) as { data: { kind: string; source: string; reasonCode: string }[] };
    expect(history.data).toMatchObject([{ kind: 'reverse', source: 'scrub', reasonCode: reason }]);
  }
});
