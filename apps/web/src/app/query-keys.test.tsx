import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingEndpoints, notificationsEndpoints, staffEndpoints } from '@portal/contracts';
import { useMarkAllRead } from '@/features/notifications/api/mark-all-read';
import { billingRequestKeys } from '@/features/payments/api/keys';
import { shellKeys } from '@/features/shell/api/keys';
import { useRunBilling } from '@/features/staff-billing/api/billing-run';
import { staffHomeKeys } from '@/features/staff-home/api/keys';
import { staffPartnerKeys } from '@/features/staff-partners/api/keys';
import { useDecideApplications } from '@/features/staff-queues/api/decide-applications';
import { answerOf } from '@/test/render';

/*
 * Features never import each other, so a mutation that refreshes another feature's screen names that feature's key
 * through the shared roots (lib/query-keys.ts). These tests hold both sides together: the mutation of one feature
 * invalidates the queries the other feature's key factory builds.
 */

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A query client holding a cached value under each key, and a wrapper that provides it. */
function cacheOf(keys: QueryKey[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const key of keys) client.setQueryData(key, 'cached');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const invalidated = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated);
  return { wrapper, invalidated };
}

describe('invalidations across features', () => {
  const home = [staffHomeKeys.summary(), staffHomeKeys.numbers(), staffHomeKeys.overrideRequests()];
  const unrelated = staffPartnerKeys.list({ page: 1 });

  it("a decision in the applications queue reloads the staff home's queues and counts", async () => {
    fetchMock.mockResolvedValue(answerOf(staffEndpoints.decideApplications, { decided: 2, unchanged: 0 }));
    const cache = cacheOf([...home, unrelated]);
    const { result } = renderHook(() => useDecideApplications(), { wrapper: cache.wrapper });
    await act(() => result.current.mutateAsync({ ids: [3, 4], status: 'active' }));
    expect(cache.invalidated()).toEqual(home);
  });

  it("a billing run reloads the partner's billing requests and next payment", async () => {
    const payments = [billingRequestKeys.list({ page: 1 }), billingRequestKeys.nextPayment()];
    fetchMock.mockResolvedValue(
      answerOf(billingEndpoints.runBilling, { month: '2026-10', created: [], alreadyBilled: [] }),
    );
    const cache = cacheOf([...payments, unrelated]);
    const { result } = renderHook(() => useRunBilling(), { wrapper: cache.wrapper });
    await act(() => result.current.mutateAsync('2026-10'));
    expect(cache.invalidated()).toEqual(payments);
  });

  it("marking the notifications read reloads the top bar's unread count", async () => {
    fetchMock.mockResolvedValue(answerOf(notificationsEndpoints.markAllRead, { unread: 0 }));
    const cache = cacheOf([shellKeys.unreadCount(), unrelated]);
    const { result } = renderHook(() => useMarkAllRead(), { wrapper: cache.wrapper });
    await act(() => result.current.mutateAsync(undefined));
    expect(cache.invalidated()).toEqual([shellKeys.unreadCount()]);
  });
});
