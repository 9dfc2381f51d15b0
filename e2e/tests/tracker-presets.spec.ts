import { expect, test } from '@playwright/test';
import { formatMoneyMinor, type ConvertedTotal } from '@portal/contracts';
import { DEMO, blockingAxeViolations, expectShell, useApiSession } from '../fixtures.js';

// Decision 118 (issue 47): postback presets for trackers and traffic sources, the macros said in words, and the
// conversion report's converted total as the API answers it. Read-only for the demo partner: nothing is saved.

test('a postback starts from a tracker preset, each macro says what it sends, the form passes axe', async ({
  page,
  context,
  request,
}) => {
  await useApiSession(context, request, DEMO.partner);
  await page.goto('/tools/postbacks');
  await expectShell(page);
  await page.getByTestId('postback-new').click();
  const form = page.getByTestId('postback-form');

  // The preset select opens from the keyboard; choosing Keitaro fills the URL with its parameters.
  const preset = form.getByTestId('postback-preset');
  await preset.focus();
  await preset.press('ArrowDown');
  await page.getByRole('option', { name: 'Keitaro', exact: true }).click();
  const url = form.getByTestId('postback-url');
  await expect(url).toHaveValue(
    'https://YOUR-KEITARO-DOMAIN/POSTBACK-KEY/postback?subid={subid}&status={status}&payout={payout}&currency={currency}&tid={transaction_id}&lead_status=pending&sale_status=approved',
  );
  await expect(form.getByTestId('postback-preview')).toHaveText(
    'https://YOUR-KEITARO-DOMAIN/POSTBACK-KEY/postback?subid=my_subid&status=approved&payout=12.50&currency=EUR&tid=TX-TEST-0001&lead_status=pending&sale_status=approved',
  );
  await expect(preset).toHaveValue('');

  // The macros in words, folded until asked for.
  const docs = form.getByTestId('postback-macro-docs');
  const saleAmount = docs.getByTestId('postback-macro-doc-sale_amount');
  await expect(saleAmount).toBeHidden();
  await docs.getByText('What each macro sends').click();
  await expect(saleAmount).toBeVisible();
  for (const macro of ['country', 'ip', 'sale_amount', 'currency', 'goal_name']) {
    await expect(docs.getByTestId(`postback-macro-doc-${macro}`)).toContainText(`{${macro}}`);
  }
  expect(await blockingAxeViolations(page, '[data-testid="postback-form"]')).toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('postback-form')).toHaveCount(0);
});

test('the conversion report says the converted total the API answers, or none', async ({ page, context, request }) => {
  await useApiSession(context, request, DEMO.partner);
  const totals = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/statistics/conversion/totals');
  await page.goto('/reports/conversion');
  await expectShell(page);
  const answer = (await (await totals).json()) as { data: { currency: string }[]; converted: ConvertedTotal | null };
  const line = page.getByTestId('report-converted-total').first();
  if (answer.converted === null) {
    await expect(page.getByTestId('report-totals').first()).toBeVisible();
    await expect(page.getByTestId('report-converted-total')).toHaveCount(0);
    return;
  }
  const { converted } = answer;
  await expect(line).toContainText(`≈ ${formatMoneyMinor(converted.payout, converted.currency)} in all`);
  await expect(line).toContainText(`converted to ${converted.currency} at the day's rate`);
  if (converted.pendingPayout !== 0) {
    await expect(line).toContainText(`+ ${formatMoneyMinor(converted.pendingPayout, converted.currency)} pending`);
  }
});
