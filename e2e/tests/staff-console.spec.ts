import { expect, test } from '@playwright/test';
import {
  DEMO,
  apiLogin,
  outbox,
  registerThroughApi,
  signIn,
  snackbar,
  uniqueEmail,
  useApiSession,
} from '../fixtures.js';

test.describe('the staff console', () => {
  test('an admin signs in and lands on the console’s home: its queues, its menu, no error', async ({ page }) => {
    // No refused or failed call and no error in the console on the way in (a partner's call asked for staff, say).
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL('/staff');
    await expect(page.getByTestId('page-title')).toHaveText('Staff console');
    await expect(page.getByTestId('staff-queue-pendingPartners')).toBeVisible();
    await expect(page.getByTestId('staff-queue-pendingConversions')).toBeVisible();
    await expect(page.getByTestId('staff-queue-invoicesWaitingForApproval')).toBeVisible();
    // No snackbar at all: no 'Access denied.', no failed call.
    await expect(page.getByTestId('snackbar')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    const menu = page.getByTestId('left-menu').getByRole('navigation');
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Partners',
      'Applications',
      'Documents',
      'Conversions',
      'Fraud review',
      'Scrub files',
      'Offers',
      'Reports',
      'Advertisers',
      'News',
      'Goals',
      'Traffic rules',
      'Billing',
      'Invoices',
      'Payments out',
      'Advertisers owe',
      'Books',
      'Staff',
      'Audit log',
    ]);
    // The partner's top-bar links are not the staff's.
    await expect(page.getByRole('link', { name: 'API', exact: true })).toHaveCount(0);

    // Each queue opens its screen.
    await page.getByTestId('staff-queue-pendingDocuments').getByTestId('staff-queue-link').click();
    await expect(page).toHaveURL('/staff/documents');
    await expect(page.getByTestId('page-title')).toHaveText('Pending documents');
    // One entry is active: the console's Home is no prefix match of its other screens.
    await expect(menu.locator('[data-testid^="menu-"][data-active="true"]')).toHaveCount(1);
    await expect(page.getByTestId('menu-staffDocuments')).toHaveAttribute('data-active', 'true');
    await page.getByTestId('menu-staffApplications').click();
    await expect(page.getByTestId('page-title')).toHaveText('Pending applications');
    await page.getByTestId('menu-staffHome').click();
    // The pending requests queue opens the pending partners.
    await page.getByTestId('staff-queue-pendingPartners').getByTestId('staff-queue-link').click();
    await expect(page).toHaveURL('/staff/partners?status=pending');
    // A partner screen sends staff back to the console's home, quietly.
    await page.goto('/offers');
    await expect(page).toHaveURL('/staff');
    await expect(page.getByTestId('snackbar')).toHaveCount(0);
  });

  test('a partner is kept out of the console', async ({ page, context, request }) => {
    await useApiSession(context, request, DEMO.partner);
    for (const path of ['/staff', '/staff/partners', '/staff/audit-log']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
    await expect(page.getByTestId('menu-staffHome')).toHaveCount(0);
  });

  test('an account manager gets the console without the admins’ entries', async ({ request, page }) => {
    await useApiSession(page.context(), request, DEMO.manager);
    await page.goto('/staff');
    await expect(page).toHaveURL('/staff');
    const menu = page.getByTestId('left-menu').getByRole('navigation');
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Partners',
      'Applications',
      'Documents',
      'Conversions',
      'Fraud review',
      'Scrub files',
      'Offers',
      'Reports',
    ]);
  });

  test('the audit log shows a partner’s approval with its diff, its author and its reason', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('audited');
    await registerThroughApi(request, { email, companyName: `Audited Media ${email.split('@')[0]}` });
    const { bearer } = await apiLogin(request, DEMO.admin);
    const headers = { authorization: `Bearer ${bearer}` };
    const pending = (await (await request.get('/api/v1/staff/partners?status=pending', { headers })).json()) as {
      data: { id: number; email: string }[];
    };
    const partner = pending.data.find((p) => p.email === email)!;
    const approved = await request.put(`/api/v1/staff/partners/${partner.id}/status`, {
      headers,
      data: { status: 'active', reason: 'Website and traffic checked.' },
    });
    expect(approved.status()).toBe(200);

    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffAuditLog').click();
    await expect(page).toHaveURL('/staff/audit-log');
    await page.getByTestId('audit-filter-id').fill(String(partner.id));
    await page.getByTestId('audit-filter-id').press('Enter');
    await expect(page).toHaveURL(new RegExp(`entityId=${partner.id}`));
    const row = page.getByTestId('audit-row').filter({ hasText: 'Website and traffic checked.' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Alex Admin');
    // In words (decision 081): the partner by its name, linked to its page; the field by its label.
    await expect(row.getByTestId('audit-subject')).toContainText('Partner Audited Media');
    await expect(row.getByTestId('audit-change')).toHaveText('Status: pending → active');
  });

  test('an admin invites an account manager, who chooses a password and signs in to its own console', async ({
    request,
    page,
    browser,
  }) => {
    const email = uniqueEmail('invited');
    await useApiSession(page.context(), request, DEMO.admin);
    await page.goto('/staff');
    await page.getByTestId('menu-staffUsers').click();
    await expect(page).toHaveURL('/staff/users');
    await page.getByTestId('staff-user-invite').click();
    const form = page.getByTestId('staff-user-form');
    await form.getByTestId('staff-user-firstname').fill('Inès');
    await form.getByTestId('staff-user-lastname').fill('Invited');
    await form.getByTestId('staff-user-email').fill(email);
    await form.getByTestId('staff-user-teamId').click();
    await page.getByRole('option', { name: 'Lyon Performance', exact: true }).click();
    await form.getByTestId('staff-user-submit').click();
    await expect(snackbar(page, 'is invited')).toContainText(email);
    const row = page.getByTestId('staff-user-row').filter({ hasText: email });
    await expect(row).toContainText('Inès Invited');
    await expect(row).toContainText('Account manager');
    await expect(row).toContainText('Lyon Performance');
    await expect(row).toContainText('Invited');

    const invitation = (m: { to: string; subject: string }) =>
      m.to.includes(email) && m.subject === 'You are invited to the staff console';
    await expect.poll(() => outbox().some(invitation)).toBe(true);
    const mail = outbox().find(invitation)!;
    const link = /https?:\/\/[^\s]+\/password-reset\?key=[A-Za-z0-9_%-]+/.exec(mail.body)![0];

    const context = await browser.newContext();
    const invited = await context.newPage();
    await invited.goto(new URL(link).pathname + new URL(link).search);
    await invited.getByLabel('New password', { exact: true }).fill('Invited2026!');
    await invited.getByLabel('Confirm password', { exact: true }).fill('Invited2026!');
    await invited.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect(invited.getByTestId('password-reset-success')).toBeVisible();
    await signIn(invited, email, 'Invited2026!');
    await expect(invited).toHaveURL('/staff');
    await expect(invited.getByTestId('snackbar')).toHaveCount(0);
    await invited.getByTestId('menu-staffPartners').click();
    await invited.getByTestId('staff-partners-filter').click();
    await invited.getByRole('option', { name: 'All', exact: true }).click();
    // A new account manager manages none of the demo's partners. (Registrations other specs make meanwhile may be
    // assigned to it, having the fewest partners: only the demo's are checked.)
    await expect(invited.getByTestId('staff-partners-loading')).toHaveCount(0);
    await expect(
      invited.getByTestId('staff-partners-empty').or(invited.getByTestId('staff-partners-table')),
    ).toBeVisible();
    for (const name of ['Northwind Media', 'Bluebird Apps', 'Kestrel Digital', 'Solstice Coupons']) {
      await expect(invited.getByText(name)).toHaveCount(0);
    }
    await context.close();
  });
});
