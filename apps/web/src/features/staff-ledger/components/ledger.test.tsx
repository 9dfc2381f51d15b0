import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingMonth, ledgerEndpoints, type LedgerCurrency } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { Ledger } from './ledger';

const fetchMock = vi.fn<typeof fetch>();

const EUR: LedgerCurrency = {
  currency: 'EUR',
  advertisers: { invoiced: 500_000, vat: 100_000, paid: 360_000, unpaid: 240_000, invoices: 3 },
  partners: { invoiced: 300_000, vat: 60_000, paid: 120_000, unpaid: 240_000, invoices: 4 },
  adjustments: { lines: 5, payoutDelta: -2_500, revenueDelta: -4_000 },
  approved: { revenue: 510_000, payout: 305_000, margin: 205_000 },
  invoicedMargin: 200_000,
};

let currencies: LedgerCurrency[];
const asked: string[] = [];

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  asked.length = 0;
  currencies = [EUR, { ...EUR, currency: 'USD', invoicedMargin: 1_234 }];
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ADMIN'] }));
    if (url.startsWith('/api/v1/staff/ledger/summary')) {
      asked.push(url);
      const month = new URL(url, 'http://x').searchParams.get('month')!;
      return Promise.resolve(answerOf(ledgerEndpoints.summary, { month, currencies }));
    }
    return Promise.resolve(errorOf(404, 'Not found.'));
  });
});
afterEach(() => vi.unstubAllGlobals());

const squash = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('Ledger', () => {
  it('asks for last month by default and shows each currency’s books', async () => {
    renderWithProviders(<Ledger />, { path: '/staff/ledger' });
    const books = await screen.findAllByTestId('ledger-currency');
    expect(books.map((card) => card.dataset.currency)).toEqual(['EUR', 'USD']);
    expect(new URL(asked[0]!, 'http://x').searchParams.get('month')).toBe(billingMonth(new Date(), 1));
    const lines = within(books[0]!)
      .getAllByRole('row')
      .map((row) => squash(row.textContent));
    expect(lines).toEqual([
      'Advertisers invoiced (3 invoices)5 000,00 €',
      'Advertisers paid3 600,00 €',
      'Advertisers unpaid2 400,00 €',
      'Partners invoiced (4 invoices)3 000,00 €',
      'Partners paid1 200,00 €',
      'Partners unpaid2 400,00 €',
      'Adjustment lines5',
      'Payout Δ of the adjustments-25,00 €',
      'Revenue Δ of the adjustments-40,00 €',
      'Approved revenue5 100,00 €',
      'Approved payout3 050,00 €',
      'Approved margin2 050,00 €',
      'Invoiced margin2 000,00 €',
    ]);
    expect(squash(books[1]!.textContent)).toContain('Invoiced margin12,34 $US');
  });

  it('asks for the month of the address, and says when the month has no books', async () => {
    currencies = [];
    renderWithProviders(<Ledger />, { path: '/staff/ledger', initialEntry: '/staff/ledger?month=2026-03' });
    expect((await screen.findByTestId('ledger-empty')).textContent).toBe(
      'Nothing was invoiced, approved or adjusted that month.',
    );
    expect(new URL(asked[0]!, 'http://x').searchParams.get('month')).toBe('2026-03');
  });

  it('says when the books could not be loaded', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        String(input).startsWith('/api/v1/config')
          ? configAnswer({ roles: ['ROLE_ADMIN'] })
          : errorOf(500, 'Internal Server Error'),
      ),
    );
    renderWithProviders(<Ledger />, { path: '/staff/ledger' });
    expect((await screen.findByTestId('ledger-error')).textContent).toBe('The books could not be loaded.');
  });
});
