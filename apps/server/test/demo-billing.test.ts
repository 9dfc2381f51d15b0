/**
 * The demo's billing history comes from the real billing run over the replayed traffic (decision 052): Payments and
 * the reports agree, to the cent, deferred carry-over included; finance moved the older invoices along, so their
 * paid-on days are real; the latest month's invoice is still open, and it is the next payment expected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  advertiserInvoicesEndpoints,
  billingEndpoints,
  billingMonth,
  settingsEndpoints,
  statisticsEndpoints,
  vatOn,
  type TimezoneOffset,
  VAT_RATE_PERCENT_BY_COUNTRY,
} from '@portal/contracts';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/seed.js';
import { buildTestApp, callEndpoint, expectOk, login, okBody, type TestApp } from './helper.js';

/** A fixed clock: the 90 days of traffic start on 28 August, so August, September and October are billed. */
const NOW = new Date('2026-11-26T09:00:00Z');
let t: TestApp;
const tokens: Record<'partner' | 'bluebird' | 'kestrel' | 'finance', string> = { partner: '', bluebird: '', kestrel: '', finance: '' }; // prettier-ignore

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  // A quarter of the demo volume: Northwind's four days of August stay under its threshold and carry over.
  expect(await seedDemo(t.app.ctx, { trafficScale: 0.25 })).toBe(true);
  for (const key of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[key] = await login(t, DEMO_ACCOUNTS[key].email, DEMO_ACCOUNTS[key].password);
}, 240_000);
afterAll(async () => t?.close());

const paymentsOf = async (token: string) =>
  okBody(await callEndpoint(t.app, billingEndpoints.billingRequests, { query: { count: 50, sort: 'startingAt', order: 'asc' } }, token)).data; // prettier-ignore

/** The Paris offset of a day (+02:00 in summer time, +01:00 in winter). */
const parisOffset = (day: string) =>
  /GMT([+-]\d{2}:\d{2})/.exec(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' }).format(
      new Date(`${day}T12:00:00Z`),
    ),
  )![1]! as TimezoneOffset;

/**
 * The partner's approved revenue in the daily report, from before the traffic up to `day` included, on Paris's offset
 * of that day: the report's day then ends when the Paris billing day does.
 */
async function revenueUpTo(token: string, day: string, currency: string): Promise<number> {
  const tz = await callEndpoint(t.app, settingsEndpoints.setTimezone, { body: { timezone: parisOffset(day) } }, token);
  expectOk(tz);
  const daily = await callEndpoint(t.app, statisticsEndpoints.daily, { query: { startDate: '2026-08-01', endDate: day } }, token); // prettier-ignore
  const rows = okBody(daily).data;
  const totals = rows.find((row) => row.isTotal)!;
  return totals.revenue.find((money) => money.currency === currency)?.amount ?? 0;
}

describe('the demo billing history', () => {
  it('bills each Paris month of the traffic that is over, as the reports count it, deferred months carried over', async () => {
    for (const key of ['partner', 'bluebird', 'kestrel'] as const) {
      const rows = await paymentsOf(tokens[key]);
      expect(rows.length, key).toBeGreaterThan(0);
      const currencies = new Set(rows.map((row) => row.paymentCurrency));
      for (const currency of currencies) {
        let billedUpTo = 0;
        for (const row of rows.filter((r) => r.paymentCurrency === currency)) {
          // Whole Paris months, August to October.
          expect(row.period.startDate.endsWith('-01')).toBe(true);
          expect(row.period.startDate >= '2026-08-01' && row.period.endDate <= '2026-10-31').toBe(true);
          const reported = await revenueUpTo(tokens[key], row.period.endDate, currency);
          // Before VAT: what the report counts since the last invoiced month, the deferred months' included.
          expect(row.totalAmount - row.totalVatAmount, `${key} ${row.period.startDate} ${currency}`).toBe(
            reported - billedUpTo,
          );
          if (row.deferred) {
            expect(row.invoice).toBeNull();
            expect(row.totalAmount - row.totalVatAmount).toBeLessThan(row.paymentThreshold!);
          } else billedUpTo = reported;
        }
      }
    }
  });

  it('gives Northwind its months invoiced with VAT and PDF, the older ones paid on their due day, the latest open', async () => {
    const rows = await paymentsOf(tokens.partner);
    const euro = rows.filter((row) => row.paymentCurrency === 'EUR');
    expect(euro.map((row) => row.period.startDate)).toEqual(['2026-08-01', '2026-09-01', '2026-10-01']);
    // Four days of August at a quarter of the volume stay under Northwind's 100.00 EUR threshold.
    expect(euro.map((row) => row.deferred)).toEqual([true, false, false]);
    for (const row of rows) {
      const excluding = row.totalAmount - row.totalVatAmount;
      if (row.deferred) {
        expect(row.invoice).toBeNull();
        expect(excluding).toBeLessThan(10_000);
        continue;
      }
      expect(row.totalVatAmount).toBe(vatOn(excluding, VAT_RATE_PERCENT_BY_COUNTRY.FR!));
      // The run of the next month's third day.
      expect(row.invoice!.date).toBe(`${billingMonth(new Date(`${row.period.endDate}T12:00:00Z`), -1)}-03`);
      expect(row.invoice!.file).toEqual({ id: expect.any(Number), filename: `${row.invoice!.reference}.pdf` });
      if (row.period.startDate === '2026-10-01')
        expect(row.invoice).toMatchObject({ status: 'waiting_for_approval', date: '2026-11-03', paidOn: null });
      // Issued on the 3rd on net30, paid on its due day (the partner's offset: UTC).
      else expect(row.invoice).toMatchObject({ status: 'paid', paidOn: addDays(row.invoice!.date, 30) });
    }
    expect(rows.some((row) => row.invoice?.status === 'paid' && row.invoice.paidOn === '2026-11-02')).toBe(true);
    const references = rows.flatMap((row) => (row.invoice ? [row.invoice.reference] : []));
    expect(new Set(references).size).toBe(references.length);
  });

  it('expects Northwind’s next payment when October’s invoices fall due, with November’s earnings as reported', async () => {
    const october = (await paymentsOf(tokens.partner)).filter((row) => row.period.startDate === '2026-10-01');
    const invoiced = october.filter((row) => row.invoice);
    const next = okBody(await callEndpoint(t.app, billingEndpoints.nextPayment, {}, tokens.partner)).data;
    const statuses = invoiced.map((row) => row.invoice!.status);
    expect(next.next).toEqual({
      source: 'invoices',
      // The least advanced of the invoices due together (decision 092).
      invoiceStatus: ['waiting_for_approval', 'invoice_validated', 'payment_in_progress'].find((s) =>
        statuses.includes(s as never),
      ),
      date: '2026-12-03',
      dueDate: '2026-12-03',
      overdue: false,
      amounts: invoiced
        .map((row) => ({ currency: row.paymentCurrency, amount: row.totalAmount }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      references: invoiced.map((row) => row.invoice!.reference).sort(),
    });
    expect(next.thisMonth.length).toBeGreaterThan(0);
    for (const entry of next.thisMonth) {
      const november =
        (await revenueUpTo(tokens.partner, '2026-11-26', entry.currency)) -
        (await revenueUpTo(tokens.partner, '2026-10-31', entry.currency));
      const deferred = october.find((row) => row.paymentCurrency === entry.currency && row.deferred);
      const carriedOver = deferred ? deferred.totalAmount - deferred.totalVatAmount : 0;
      expect(entry).toEqual({
        currency: entry.currency,
        amount: november + carriedOver,
        carriedOver,
        overThreshold: november + carriedOver >= 10_000,
        billingDate: '2026-12-01',
        expectedDate: '2026-12-31',
      });
    }
  });

  it('invoices the advertisers for the same months, in the three VAT cases, some paid and some late (decision 073)', async () => {
    const list = okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.list, { query: { count: 200 } }, tokens.finance)); // prettier-ignore
    expect(list.total).toBeGreaterThan(0);
    expect(new Set(list.data.map((invoice) => invoice.period.startDate))).toEqual(new Set(['2026-08-01', '2026-09-01', '2026-10-01'])); // prettier-ignore
    expect(new Set(list.data.map((invoice) => invoice.vatTreatment))).toEqual(new Set(['domestic', 'reverse_charge', 'outside_eu'])); // prettier-ignore
    expect(list.data.every((invoice) => invoice.issuedOn.endsWith('-03') && invoice.file !== null)).toBe(true);
    const paid = list.data.filter((invoice) => invoice.status === 'paid');
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((invoice) => invoice.paidOn === addDays(invoice.dueOn, -2))).toBe(true);
    const owe = okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.owe, {}, tokens.finance)).data;
    expect(owe.asOf).toBe('2026-11-26');
    const eur = owe.totals.find((total) => total.currency === 'EUR')!;
    const late = owe.totals.reduce((sum, total) => sum + total.buckets.days_1_30 + total.buckets.days_31_60 + total.buckets.days_over_60, 0); // prettier-ignore
    expect(eur.buckets.current).toBeGreaterThan(0);
    expect(late).toBeGreaterThan(0);
    // November is not over: its revenue is not invoiced yet.
    expect(owe.notYetInvoiced.length).toBeGreaterThan(0);
  });
});
