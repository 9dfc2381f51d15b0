import { expect, test } from '@playwright/test';
import { DEMO, snackbar, useApiSession } from '../fixtures.js';

test.describe('view as partner', () => {
  test('staff open the portal as a partner in a new tab, read-only, and keep their own session', async ({
    request,
    page,
  }) => {
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff/partners?status=active');
    const row = page.getByTestId('staff-partner-row').filter({ hasText: 'Northwind Media' });
    await row.getByTestId('staff-partner-row-menu').click();
    const [view] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('staff-partner-view-as').click(),
    ]);
    await view.waitForLoadState();
    await expect(view).toHaveURL('/');
    const banner = view.getByTestId('view-as-banner');
    await expect(banner).toContainText('Viewing as Northwind Media');
    await expect(banner).toContainText('read-only — opened by Alex Admin');
    // The token never stays in the address.
    expect(view.url()).not.toContain('token=');
    // The partner's screens read…
    await view.getByTestId('menu-myAccount').click();
    await expect(view).toHaveURL('/my-account');
    await expect(view.getByTestId('view-as-banner')).toBeVisible();
    // …and every write is refused, with the reason.
    const city = view.getByTestId('company-city');
    await city.fill('Lyon');
    await view.getByTestId('company-form').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snackbar(view, 'read-only')).toContainText(
      'You are viewing this account as its partner, read-only: nothing can be changed.',
    );
    await expect(view).toHaveURL('/my-account');

    // The staff tab still works as the admin: nothing was swapped.
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Partners');
    await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
    await page.getByTestId('menu-staffHome').click();
    await expect(page).toHaveURL('/staff');

    // Closing the view ends it and leaves the staff session alone.
    await view.getByTestId('view-as-close').click();
    await page.reload();
    await expect(page).toHaveURL('/staff');
    await expect(page.getByTestId('staff-queue-pendingPartners')).toBeVisible();
  });
});
