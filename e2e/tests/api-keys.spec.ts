import { expect, test } from '@playwright/test';
import { DEMO, TEXT, expectShell, snackbar, useApiSession } from '../fixtures.js';

// Kestrel Digital's reporting user: partner@demo.test's /api must keep saying 'No reporting.'.
const account = DEMO.kestrelReports;

test('an API key is created in the page, used against the API, revoked, then refused', async ({
  page,
  context,
  request,
  browserName,
}) => {
  test.slow();
  await useApiSession(context, request, account);
  if (browserName === 'chromium') await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/api');
  await expectShell(page);
  await expect(page.getByTestId('page-title')).toHaveText('Reporting API');
  await expect(page.getByTestId('api-empty')).toHaveText(TEXT.noReporting);
  const docs = page.getByTestId('api-docs');
  await expect(docs).toContainText('Authorization: Bearer');
  await expect(page.getByTestId('api-docs-link')).toHaveAttribute('href', '/api/v1/docs');

  const name = `E2E script ${Date.now()}`;
  const create = page.getByRole('button', { name: 'Create key', exact: true });
  await expect(create).toBeDisabled();
  await page.getByLabel('Key name').fill(name);
  await create.click();
  const created = page.getByTestId('api-key-created');
  await expect(created).toContainText('Copy this key now: it will not be shown again.');
  const key = (await page.getByTestId('api-key-value').textContent())?.trim() ?? '';
  expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
  await page.getByTestId('api-key-copy').click();
  await expect(page.getByTestId('api-key-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(page.getByTestId('api-empty')).toHaveCount(0);

  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  // A script calls the reporting endpoints with the key, as the page documents.
  const headers = { authorization: `Bearer ${key}` };
  const offers = await fetch(`${page.url().replace(/\/api$/, '')}/api/v1/offer`, { headers });
  expect(offers.status).toBe(200);
  const applications = await request.get('/api/v1/partner-offer', { headers });
  expect(applications.status()).toBe(200);
  // Read-only and reporting-only: a write or another route is refused.
  expect((await request.get('/api/v1/config', { headers })).status()).toBe(403);
  expect((await request.post('/api/v1/api-keys', { headers, data: { name: 'escalate' } })).status()).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Never');
  await expect(page.getByTestId('api-key-value')).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(`Tools that use the key "${name}" will stop working at once.`);
  await page.getByTestId('api-key-revoke-confirm').click();
  await expect(snackbar(page, 'The API key has been revoked.')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row).toHaveAttribute('data-revoked', 'true');

  const refused = await request.get('/api/v1/offer', { headers });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'This API key is not valid or has been revoked.',
  );
});
