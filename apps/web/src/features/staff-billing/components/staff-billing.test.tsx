import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingEndpoints, formatMoneyMinor } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, renderWithProviders } from '@/test/render';
import { finishedBillingMonths } from '@/lib/billing-months';
import { StaffBilling } from './staff-billing';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('StaffBilling', () => {
  it('runs the last finished month and lists what it created, by period of the payment terms', async () => {
    const [last] = finishedBillingMonths(new Date());
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        answerOf(billingEndpoints.runBilling, {
          month: last!.value,
          created: [
            { billingRequestId: 4, partnerId: 7, partnerName: 'Acme #7', currency: 'EUR', totalAmount: 4442, totalVatAmount: 740, conversions: 3, deferred: false, invoice: 'INV-2026-0004', period: { kind: 'month', startDate: '2026-10-01', endDate: '2026-10-31' }, adjustments: 1, adjustmentsAmount: -500, dueOn: '2026-12-01' },
            { billingRequestId: 5, partnerId: 9, partnerName: 'Tiny #9', currency: 'USD', totalAmount: 999, totalVatAmount: 0, conversions: 1, deferred: true, invoice: null, period: { kind: 'week', startDate: '2026-10-26', endDate: '2026-11-01' }, adjustments: 0, adjustmentsAmount: 0, dueOn: null },
          ],
          alreadyBilled: [{ partnerId: 3, currency: 'EUR' }],
        }),
      ),
    ); // prettier-ignore
    renderWithProviders(<StaffBilling />);
    expect((screen.getByTestId('staff-billing-month') as HTMLInputElement).value).toBe(last!.label);
    await userEvent.click(screen.getByTestId('staff-billing-run'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(`${init?.method} ${String(url)}`).toBe('POST /api/v1/staff/billing-runs');
    expect(JSON.parse(String(init?.body))).toEqual({ month: last!.value });
    expect((await screen.findByTestId('staff-billing-summary')).textContent).toBe(
      `2 billing requests created for ${last!.label}. 1 partner and currency pair was already billed.`,
    );
    const rows = screen.getAllByTestId('staff-billing-row').map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      [
        'Acme #7',
        'October 2026',
        '3',
        formatMoneyMinor(-500, 'EUR'),
        formatMoneyMinor(4442, 'EUR'),
        formatMoneyMinor(740, 'EUR'),
        'INV-2026-0004',
      ],
      [
        'Tiny #9',
        '26 October – 1 November 2026',
        '1',
        '—',
        formatMoneyMinor(999, 'USD'),
        formatMoneyMinor(0, 'USD'),
        'Deferred',
      ],
    ]);
  });

  it('says when there is nothing new to bill', async () => {
    const [last] = finishedBillingMonths(new Date());
    fetchMock.mockImplementation(() =>
      Promise.resolve(answerOf(billingEndpoints.runBilling, { month: last!.value, created: [], alreadyBilled: [] })),
    );
    renderWithProviders(<StaffBilling />);
    await userEvent.click(screen.getByTestId('staff-billing-run'));
    expect((await screen.findByTestId('staff-billing-summary')).textContent).toBe(
      `Nothing new to bill for ${last!.label}.`,
    );
    expect(screen.queryByTestId('staff-billing-table')).toBeNull();
  });
});
