import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_REQUEST, firstRequestsOf } from '@portal/contracts';
import { prefetchOffers } from '@/features/offers/api/prefetch-offers';
import { getOffer } from '@/features/offers/api/get-offer';
import { getBillingRequests } from '@/features/payments/api/get-billing-requests';
import { getNextPayment } from '@/features/payments/api/get-next-payment';
import { billingRequestQueryOf, parsePaymentSearch } from '@/features/payments/payments-search';
import { getStaffHome } from '@/features/staff-home/api/get-staff-home';
import { getConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '@/lib/session';

/**
 * The pages' first answers (decision 151) are the contracts' `firstRequestsOf`: each screen's first requests, as its
 * own code writes them, must be exactly those addresses, or the page's answer would go unused and the request sent.
 */

const fetchMock = vi.fn<typeof fetch>();
// Any answer: only the addresses asked are this test's.
const ok = () =>
  new Response(JSON.stringify({ code: 200, success: true, message: null, data: null, errors: null }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** The URLs the work asked the network for, in order. */
async function asked(work: () => Promise<unknown>): Promise<string[]> {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => ok());
  await work();
  // prefetchOffers does not return its request: let it go out.
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return fetchMock.mock.calls.map(([url]) => String(url));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  saveSession('tok-page', new Date(Date.now() + 60_000), false);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('each screen asks first exactly what its page carries (firstRequestsOf)', () => {
  it('the configuration', async () => {
    expect(await asked(() => getConfig())).toEqual([CONFIG_REQUEST]);
  });

  it('the offers list, as the navigation starts (prefetchOffers)', async () => {
    expect(await asked(async () => prefetchOffers(queryClient, new URLSearchParams()))).toEqual(
      firstRequestsOf('/offers').slice(1),
    );
    queryClient.clear();
  });

  it('an offer’s page', async () => {
    expect(await asked(() => getOffer(64))).toEqual(firstRequestsOf('/offer/64').slice(1));
  });

  it('the payments: the next payment and the first page', async () => {
    const { filters, page } = parsePaymentSearch(new URLSearchParams());
    const urls = await asked(() =>
      Promise.all([getNextPayment(), getBillingRequests(billingRequestQueryOf(filters, page))]),
    );
    expect(urls).toEqual(firstRequestsOf('/payments').slice(1));
  });

  it('the staff home', async () => {
    expect(await asked(() => getStaffHome())).toEqual(firstRequestsOf('/staff').slice(1));
  });
});
