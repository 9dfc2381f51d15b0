import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, demoAdvertiserToken, expectShell, snackbar, useApiSession } from '../fixtures.js';

// Kestrel Digital, through its reporting user: kestrel@demo.test's password belongs to the account-settings spec,
// and partner@demo.test must keep 'Notifications (0)'. Postbacks are the partner's, shared by both its users.
const account = DEMO.kestrelReports;
// LunaDate – FR – SOI: public, no approval; its advertiser is the seed's first (catalogue.ts).
const OFFER = { name: 'LunaDate – FR – SOI', advertiser: 'Amora Group' };

type Received = { url: string; headers: http.IncomingHttpHeaders };

/** A partner's tracker: answers 200 'OK' and keeps every request it gets. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('OK from the e2e receiver');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const authed = (bearer: string) => ({ Authorization: `Bearer ${bearer}` });

type OfferAnswer = {
  data: {
    list: {
      id: number;
      name: string;
      product?: { advertiser: string };
      offerGoals?: { goal?: { identifier: string; name: string } }[];
    }[];
  };
};

/** A real conversion for the partner: a click on the offer, then the advertiser's postback for one of its goals. */
async function convert(request: APIRequestContext, bearer: string) {
  const config = (await (await request.get('/api/v1/config', { headers: authed(bearer) })).json()) as {
    data: { partner: { id: number } };
  };
  const offers = (await (
    await request.get('/api/v1/offer', {
      headers: authed(bearer),
      params: { name: 'LunaDate', groups: 'product,goals,goal' },
    })
  ).json()) as OfferAnswer;
  const offer = offers.data.list.find((item) => item.name === OFFER.name);
  expect(offer?.product?.advertiser, 'the demo offer and its advertiser').toBe(OFFER.advertiser);
  const goal = offer!.offerGoals?.find((item) => item.goal)?.goal;
  expect(goal, 'a goal of the offer').toBeTruthy();

  const click = await request.get('/click', {
    params: { offer_id: offer!.id, aff_id: config.data.partner.id, subid: 'e2e-postbacks' },
    maxRedirects: 0,
  });
  expect(click.status()).toBe(302);
  const clickId = new URL(click.headers().location ?? '').searchParams.get('cid') ?? '';
  expect(clickId).not.toBe('');

  const postback = await request.get('/postback', {
    params: {
      click_id: clickId,
      goal: goal!.identifier,
      amount: '25.00',
      transaction_id: `e2e-pb-${Date.now()}`,
      token: await demoAdvertiserToken(request, OFFER.advertiser),
    },
  });
  expect(postback.status()).toBe(200);
  const answer = (await postback.json()) as { status: string; conversionId: number };
  expect(['approved', 'pending']).toContain(answer.status);
  return { offer: offer!, clickId, conversionId: answer.conversionId };
}

test('postbacks: create with the live preview, edit, test, deliver a real conversion, disable, delete', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const receiver = await startReceiver();
  try {
    const { bearer } = await useApiSession(context, request, account);
    await page.goto('/tools/postbacks');
    await expectShell(page);
    await expect(page.getByTestId('page-title')).toHaveText('Postbacks');
    await expect(page.getByTestId('postbacks-empty')).toBeVisible();

    // Create, watching the preview follow the URL and the macro helper.
    await page.getByTestId('postback-new').click();
    const form = page.getByTestId('postback-form');
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    const base = `http://127.0.0.1:${receiver.port}/pb`;
    await form.getByLabel('Name', { exact: true }).fill('E2E tracker');
    const url = form.getByTestId('postback-url');
    await url.fill(`${base}?click={click_id}&payout={nope}`);
    await expect(form.getByText('Unknown macro: {nope}.', { exact: false })).toBeVisible();
    await expect(save).toBeDisabled();
    await url.fill(`${base}?click={click_id}&payout=`);
    await expect(form.getByTestId('postback-preview')).toHaveText(`${base}?click=AZNhb2xDEMOclick00001&payout=`);
    await form.getByRole('button', { name: 'Insert {payout}', exact: true }).click();
    await expect(url).toHaveValue(`${base}?click={click_id}&payout={payout}`);
    await expect(form.getByTestId('postback-preview')).toHaveText(`${base}?click=AZNhb2xDEMOclick00001&payout=12.50`);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(snackbar(page, 'The postback has been created.')).toBeVisible();
    const row = page.getByTestId('postback-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('postback-goal-cell')).toHaveText('All goals');
    await expect(row.getByTestId('postback-offers-cell')).toHaveText('All offers');
    await expect(row.getByTestId('postback-url-cell')).toHaveText(`${base}?click={click_id}&payout={payout}`);
    await expect(row).toContainText('Postback');
    await expect(row).toHaveAttribute('data-enabled', 'true');
    const today = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(),
    );
    await expect(row).toContainText(today);

    // Edit: bind it to the offer the conversion will come from.
    await row.getByTestId('postback-edit').click();
    await expect(form.getByTestId('postback-url')).toHaveValue(`${base}?click={click_id}&payout={payout}`);
    await form.getByLabel('Name', { exact: true }).fill('E2E tracker (LunaDate)');
    await form.getByTestId('postback-offers').click();
    await form.getByTestId('postback-offers').fill('LunaDate – FR');
    await page.getByRole('option', { name: OFFER.name, exact: true }).click();
    // Close the option list (it covers the buttons) by leaving the field.
    await form.getByLabel('Name', { exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snackbar(page, 'The postback has been saved.')).toBeVisible();
    await expect(row.getByTestId('postback-offers-cell')).toHaveText(OFFER.name);
    await expect(row).toContainText('E2E tracker (LunaDate)');

    // Test: the receiver gets a signed request with the sample values, and the UI shows the answer.
    await row.getByTestId('postback-test').click();
    const result = page.getByTestId('postback-test-result');
    await expect(result).toHaveAttribute('data-success', 'true');
    await expect(result.getByTestId('postback-test-status')).toHaveText('HTTP status: 200');
    await expect(result.getByTestId('postback-test-response')).toHaveText('OK from the e2e receiver');
    expect(receiver.received).toHaveLength(1);
    const tested = receiver.received[0]!;
    expect(tested.url).toBe('/pb?click=AZNhb2xDEMOclick00001&payout=12.50');
    const secret = (await (await request.get('/api/v1/postback-secret', { headers: authed(bearer) })).json()) as {
      data: { secret: string };
    };
    const signed = `${String(tested.headers['x-delivery-id'])}.${String(tested.headers['x-timestamp'])}.http://127.0.0.1:${receiver.port}${tested.url}`;
    expect(tested.headers['x-signature']).toBe(createHmac('sha256', secret.data.secret).update(signed).digest('hex'));
    await page.keyboard.press('Escape');
    await expect(result).toHaveCount(0);

    // A real conversion: the worker delivers it, and the Stats view shows the attempt.
    const conversion = await convert(request, bearer);
    await expect.poll(() => receiver.received.length, { timeout: 20_000, message: 'the conversion delivered' }).toBe(2);
    const delivered = receiver.received[1]!;
    expect(new URL(delivered.url, 'http://x').searchParams.get('click')).toBe(conversion.clickId);
    expect(delivered.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);

    await row.getByTestId('postback-stats').click();
    const stats = page.getByTestId('postback-stats-view');
    // The counts take in the Test action's delivery too (decision 019): the test and the conversion.
    await expect(stats.getByTestId('postback-stats-succeeded')).toHaveText('2', { timeout: 15_000 });
    await expect(stats.getByTestId('postback-stats-sent')).toHaveText('2');
    await expect(stats.getByTestId('postback-stats-failed')).toHaveText('0');
    await expect(stats.getByTestId('postback-stats-pending')).toHaveText('0');
    const real = stats.locator('[data-testid="postback-attempt-row"][data-test="false"]');
    await expect(real).toHaveCount(1);
    await expect(real).toHaveAttribute('data-success', 'true');
    await expect(real).toContainText(`click=${conversion.clickId}`);
    await expect(real).toContainText('200');
    await expect(real).toContainText('OK from the e2e receiver');
    await expect(real).toContainText(new RegExp(`${today.replace(/\//g, '\\/')} \\d{2}:\\d{2}`));
    await page.keyboard.press('Escape');
    await expect(stats).toHaveCount(0);

    // Disable, then delete.
    await row.getByTestId('postback-toggle').click();
    await expect(snackbar(page, 'The postback is disabled.')).toBeVisible();
    await expect(row).toHaveAttribute('data-enabled', 'false');
    await expect(row.getByTestId('postback-disabled-icon')).toBeVisible();

    await row.getByTestId('postback-delete').click();
    await page.getByTestId('postback-delete-confirm').click();
    await expect(snackbar(page, 'The postback has been deleted.')).toBeVisible();
    await expect(page.getByTestId('postbacks-empty')).toBeVisible();
    await expect(page.getByTestId('postback-row')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
