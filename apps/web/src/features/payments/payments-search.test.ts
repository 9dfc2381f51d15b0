import { describe, expect, it } from 'vitest';
import {
  billingRequestQueryOf,
  invoiceStatusColor,
  NO_PAYMENT_FILTERS,
  parsePaymentSearch,
  paymentSearchParams,
  rangeIsInverted,
} from './payments-search';

describe('the Payments filter in the address', () => {
  it('reads what the address holds and drops what is malformed', () => {
    expect(
      parsePaymentSearch(
        new URLSearchParams(
          'startDate=2026-01-01&endDate=2026-02-30&status=paid,lost,paid,invoice_validated&deferred=yes&page=3',
        ),
      ),
    ).toEqual({
      filters: { startDate: '2026-01-01', endDate: '', status: ['paid', 'invoice_validated'], deferred: 'yes' },
      page: 3,
    });
    expect(parsePaymentSearch(new URLSearchParams('deferred=maybe&page=-2'))).toEqual({
      filters: NO_PAYMENT_FILTERS,
      page: 1,
    });
  });

  it('writes a filter back without empty values, and round-trips', () => {
    const filters = { startDate: '', endDate: '2026-03-31', status: ['paid' as const], deferred: 'no' as const };
    const params = paymentSearchParams(filters, 2);
    expect(params.toString()).toBe('endDate=2026-03-31&status=paid&deferred=no&page=2');
    expect(parsePaymentSearch(params)).toEqual({ filters, page: 2 });
    expect(paymentSearchParams(NO_PAYMENT_FILTERS).toString()).toBe('');
  });

  it('sends the spec’s page, count, sort and order, and the filter for the server to apply', () => {
    expect(billingRequestQueryOf(NO_PAYMENT_FILTERS, 1)).toEqual({
      page: 1,
      count: 50,
      sort: 'startingAt',
      order: 'desc',
    });
    expect(
      billingRequestQueryOf(
        { startDate: '2026-01-01', endDate: '2026-01-31', status: ['paid', 'payment_in_progress'], deferred: 'no' },
        4,
      ),
    ).toEqual({
      page: 4,
      count: 50,
      sort: 'startingAt',
      order: 'desc',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      status: 'paid,payment_in_progress',
      deferred: 'false',
    });
  });

  it('knows an inverted range and the badge colours of spec section 4', () => {
    expect(rangeIsInverted({ ...NO_PAYMENT_FILTERS, startDate: '2026-02-01', endDate: '2026-01-31' })).toBe(true);
    expect(rangeIsInverted({ ...NO_PAYMENT_FILTERS, startDate: '2026-02-01', endDate: '2026-02-01' })).toBe(false);
    expect(rangeIsInverted({ ...NO_PAYMENT_FILTERS, endDate: '2026-01-31' })).toBe(false);
    expect(invoiceStatusColor('waiting_for_approval')).toBe('red');
    expect(invoiceStatusColor('invoice_validated')).toBe('green');
    expect(invoiceStatusColor('payment_in_progress')).toBe('yellow');
    expect(invoiceStatusColor('paid')).toBe('green');
    expect(invoiceStatusColor('disputed')).toBe('blue');
  });
});
