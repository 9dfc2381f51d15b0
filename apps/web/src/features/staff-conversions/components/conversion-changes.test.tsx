import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversionChangesEndpoints, conversionReviewEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffConversions } from './staff-conversions';
import { fetchMock, row } from './conversion-test-rows';

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const ROWS = [
  row({}),
  row({ id: 40, status: 'rejected', reason: 'click_too_old', payout: 0, revenue: 0 }),
  row({ id: 39, status: 'rejected', reason: 'duplicate', payout: 0, revenue: 0 }),
];

const changed = {
  conversion: { id: 41, partnerId: 1001, offerId: 31, status: 'rejected', reason: 'reversed', reversalReason: 'refund', note: 'Returned.', payout: 0, originalPayout: 500, revenue: 0, currency: 'EUR', transactionId: 'TX123', changedAt: '2026-11-27T10:00:00.000Z' }, // prettier-ignore
  adjustment: { id: 1, conversionId: 41, partnerId: 1001, currency: 'EUR', kind: 'reverse', statusBefore: 'approved', statusAfter: 'rejected', payoutBefore: 500, payoutAfter: 0, payoutDelta: -500, revenueDelta: -900, reasonCode: 'refund', note: 'Returned.', source: 'staff', actorId: 3, billable: false, billingRequestId: null, createdAt: '2026-11-27T10:00:00.000Z' }, // prettier-ignore
} as const;

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

function server(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_FINANCE'] });
  if (init?.method === 'POST' && url.endsWith('/adjust')) {
    return new Response(JSON.stringify({ status: 400, message: 'The payout cannot be above the revenue.', data: null, errors: { payoutAmount: "The payout is above the goal's revenue." } }), { status: 400, headers: { 'content-type': 'application/json' } }); // prettier-ignore
  }
  if (init?.method === 'POST') return answerOf(conversionChangesEndpoints.reverse, changed);
  return answerOf(conversionReviewEndpoints.list, ROWS, { total: 3 });
}

describe('changes after the fact on the staff Conversions screen', () => {
  it('offers reverse and adjust on approved rows, approval by hand only on a rejection it can overturn', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffConversions />, { path: '/staff/conversions', initialEntry: '/staff/conversions' });
    const rows = await screen.findAllByTestId('staff-conversion-row');
    expect(within(rows[0]!).getByTestId('staff-conversion-reverse')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('staff-conversion-adjust')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('staff-conversion-approve')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('staff-conversion-reverse')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('reverses with a reason code and a note, asking for the reason first', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffConversions />, { path: '/staff/conversions', initialEntry: '/staff/conversions' });
    const rows = await screen.findAllByTestId('staff-conversion-row');
    await user.click(within(rows[0]!).getByTestId('staff-conversion-reverse'));
    const dialog = await screen.findByTestId('staff-conversion-change-dialog');
    await user.click(within(dialog).getByTestId('staff-conversion-change-confirm'));
    expect(posts()).toEqual([]);
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await user.click(within(dialog).getByTestId('staff-conversion-change-reason'));
    await user.click(await screen.findByRole('option', { name: 'refund', hidden: true }));
    await user.type(within(dialog).getByTestId('staff-conversion-change-note'), 'Returned.');
    await user.click(within(dialog).getByTestId('staff-conversion-change-confirm'));
    await waitFor(() =>
      expect(posts()).toEqual([
        { url: '/api/v1/staff/conversions/41/reverse', body: { reason: 'refund', note: 'Returned.' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('staff-conversion-change-dialog')).toBeNull());
  });

  it('adjusts in minor units and shows the server’s refusal under the payout', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffConversions />, { path: '/staff/conversions', initialEntry: '/staff/conversions' });
    const rows = await screen.findAllByTestId('staff-conversion-row');
    await user.click(within(rows[0]!).getByTestId('staff-conversion-adjust'));
    const dialog = await screen.findByTestId('staff-conversion-change-dialog');
    const payout = within(dialog).getByTestId('staff-conversion-change-payout');
    await user.clear(payout);
    await user.type(payout, '12.50');
    await user.type(within(dialog).getByTestId('staff-conversion-change-note'), 'Bonus.');
    await user.click(within(dialog).getByTestId('staff-conversion-change-confirm'));
    await waitFor(() =>
      expect(posts()).toEqual([
        { url: '/api/v1/staff/conversions/41/adjust', body: { payoutAmount: 1250, note: 'Bonus.' } },
      ]),
    );
    expect(await within(dialog).findByText("The payout is above the goal's revenue.")).toBeTruthy();
  });
});
