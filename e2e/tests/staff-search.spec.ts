import { expect, test } from '@playwright/test';
import { DEMO, apiLogin, expectShell, useApiSession } from '../fixtures.js';

type Row = { id: number; transactionId: string | null };

test.describe('the staff top bar search (decision 080)', () => {
  test('finds a conversion by its transaction id from the keyboard and opens it', async ({
    page,
    context,
    request,
  }) => {
    // A demo conversion with a transaction id, as the API lists it to an admin.
    const { bearer } = await apiLogin(request, DEMO.admin);
    const listed = await request.get('/api/v1/staff/conversions?status=approved&count=20', {
      headers: { authorization: `Bearer ${bearer}` },
    });
    const target = ((await listed.json()) as { data: Row[] }).data.find((row) => row.transactionId)!;
    expect(target, 'an approved demo conversion with a transaction id').toBeTruthy();

    await useApiSession(context, request, DEMO.admin);
    await page.goto('/staff');
    await expectShell(page);
    const box = page.getByTestId('staff-search');
    await expect(box).toBeVisible();
    await page.locator('body').press('/');
    await expect(box).toBeFocused();
    await page.keyboard.type(target.transactionId!);
    const result = page.getByTestId('staff-search-result').filter({ hasText: target.transactionId! });
    await expect(result).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/staff/conversions?q=${target.id}`);
    await expect(page.getByTestId('staff-conversion-row')).toHaveCount(1);
    await expect(page.getByTestId('staff-conversion-transaction')).toHaveText(target.transactionId!);
  });
});
