import { expect, test } from '@playwright/test';
import { apiLogin, approvedPartner, DEMO, signIn, snackbar, useApiSession } from '../fixtures.js';

test.describe('news written in the console', () => {
  test('an admin publishes a news item to one offer’s partners: it shows on that partner’s dashboard and not on another’s', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    // Two fresh partners; the first is approved on its offer, the second is not.
    const reader = await approvedPartner(request);
    const other = await approvedPartner(request);
    const admin = await apiLogin(request, DEMO.admin);
    const headers = { authorization: `Bearer ${admin.bearer}` };
    const applications = (await (
      await request.get(`/api/v1/staff/partner-offers?partnerId=${reader.id}`, { headers })
    ).json()) as { data: { id: number }[] };
    const approved = await request.put(`/api/v1/staff/partner-offers/${applications.data[0]!.id}`, {
      headers,
      data: { status: 'active' },
    });
    expect(approved.status()).toBe(200);
    const title = `For ${reader.offer.name} partners ${Date.now().toString(36)}`;

    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffNews').click();
    await expect(page).toHaveURL('/staff/news');
    await page.getByTestId('staff-news-new').click();
    const editor = page.getByTestId('staff-news-editor');
    await editor.getByTestId('staff-news-title').fill(title);
    await editor.getByTestId('staff-news-excerpt').fill('A bonus on this offer all month.');
    await editor.getByTestId('staff-news-content').fill('<p>Payouts <b>doubled</b><script>alert(1)</script></p>');
    await expect(editor.getByTestId('staff-news-preview').locator('b')).toHaveText('doubled');
    await editor.getByTestId('staff-news-publication').getByText('Published', { exact: true }).click();
    await editor.getByTestId('staff-news-audience').getByText('Partners of offers', { exact: true }).click();
    await editor.getByTestId('staff-news-audience-ids').click();
    await page.keyboard.type(String(reader.offer.id));
    await page.getByRole('option', { name: `${reader.offer.name} #${reader.offer.id}` }).click();
    await page.keyboard.press('Escape');
    await editor.getByTestId('staff-news-save').click();
    await expect(snackbar(page, 'The news item was saved.')).toBeVisible();
    const row = page.getByTestId('staff-news-row').filter({ hasText: title });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Partners of 1 offer');

    const dashboardOf = async (account: { email: string; password: string }) => {
      const context = await browser.newContext();
      const own = await context.newPage();
      await signIn(own, account.email, account.password);
      await expect(own).toHaveURL('/');
      await expect(own.getByTestId('news-block')).toBeVisible();
      const titles = await own.getByTestId('news-card-title').allTextContents();
      await context.close();
      return titles;
    };
    expect(await dashboardOf(reader)).toContain(title);
    expect(await dashboardOf(other)).not.toContain(title);
  });
});
