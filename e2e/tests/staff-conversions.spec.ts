import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, useApiSession } from '../fixtures.js';

type Row = { id: number; transactionId: string | null; status: string; partnerDisplayName: string | null };

test.describe('the staff conversion search (decision 071)', () => {
  test('finance finds a transaction by its id from a link, filters pending ones by keyboard, and exports the search', async ({
    page,
    request,
  }, testInfo) => {
    // A demo conversion with a transaction id, as the API lists it to finance.
    const { bearer } = await apiLogin(request, DEMO.finance);
    const listed = await request.get('/api/v1/staff/conversions?status=approved&count=20', {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(listed.status()).toBe(200);
    const target = ((await listed.json()) as { data: Row[] }).data.find((row) => row.transactionId)!;
    expect(target, 'an approved demo conversion with a transaction id').toBeTruthy();

    await useApiSession(page.context(), request, DEMO.finance);
    await page.goto('/staff');
    await page.getByTestId('menu-staffConversions').click();
    await expect(page).toHaveURL('/staff/conversions');
    await expect(page.getByTestId('page-title')).toHaveText('Conversions');
    await expect(page.getByTestId('staff-conversion-row').first()).toBeVisible();

    // A link naming the transaction opens it alone, with words, not ids.
    await page.goto(`/staff/conversions?q=${encodeURIComponent(target.transactionId!)}`);
    const rows = page.getByTestId('staff-conversion-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('staff-conversion-transaction')).toHaveText(target.transactionId!);
    await expect(rows.getByTestId('staff-conversion-partner')).toHaveText(target.partnerDisplayName!);
    await expect(rows.getByTestId('staff-conversion-status')).toHaveText('Approved');
    await expect(page.getByTestId('staff-conversions-search')).toHaveValue(target.transactionId!);

    // Cleared, then the pending ones picked from the keyboard: each has its review buttons.
    await page.getByTestId('staff-conversions-clear').click();
    await expect(page).toHaveURL('/staff/conversions');
    await page.getByTestId('staff-conversions-status').focus();
    await page.keyboard.type('p');
    await expect(page).toHaveURL('/staff/conversions?status=pending');
    await expect(rows.first()).toHaveAttribute('data-status', 'pending');
    await expect(rows.first().getByTestId('staff-conversion-approve')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByTestId('staff-conversions-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^conversions-\d{4}-\d{2}-\d{2}_GMT[+-]\d{2}-\d{2}\.csv$/);
    const saved = testInfo.outputPath('conversions.csv');
    await download.saveAs(saved);
    const text = fs.readFileSync(saved, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Conversion ID,Date,Status,Reason,/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'pending')).toBe(true);
  });

  test('finance approves three pending conversions in one action from its menu (decision 079)', async ({
    page,
    request,
  }) => {
    const { bearer } = await apiLogin(request, DEMO.finance);
    const headers = { authorization: `Bearer ${bearer}` };
    const listed = await request.get('/api/v1/staff/conversions?status=pending&count=50', { headers });
    expect(listed.status()).toBe(200);
    const three = ((await listed.json()) as { data: Row[] }).data.slice(0, 3);
    expect(three, 'three pending demo conversions').toHaveLength(3);

    await useApiSession(page.context(), request, DEMO.finance);
    await page.goto('/staff');
    await page.getByTestId('menu-staffConversions').click();
    await page.getByTestId('staff-conversions-status').focus();
    await page.keyboard.type('p');
    await expect(page).toHaveURL('/staff/conversions?status=pending');
    // The address changes before the screen renders the search: pick once the filter shows it.
    await expect(page.getByTestId('staff-conversions-status')).toHaveValue('Pending');
    for (const conversion of three) {
      await page.getByRole('checkbox', { name: `Select conversion ${conversion.id}`, exact: true }).check();
    }
    await expect(page.getByTestId('staff-conversions-selected')).toContainText('3 conversions selected');
    await page.getByTestId('staff-conversions-bulk-approve').click();
    const dialog = page.getByTestId('staff-conversion-decision-dialog');
    await expect(dialog.getByRole('heading', { name: 'Approve 3 conversions?' })).toBeVisible();
    await expect(dialog.getByTestId('staff-conversion-decision-summary')).toContainText('3 conversions');
    await dialog.getByTestId('staff-conversion-decision-confirm').click();
    await expect(page.getByText('3 conversions approved.')).toBeVisible();
    await expect(page.getByTestId('staff-conversions-bulk')).toHaveCount(0);

    for (const conversion of three) {
      const found = await request.get(`/api/v1/staff/conversions?q=${conversion.id}`, { headers });
      expect(((await found.json()) as { data: Row[] }).data[0]).toMatchObject({
        id: conversion.id,
        status: 'approved',
      });
    }
  });
});
