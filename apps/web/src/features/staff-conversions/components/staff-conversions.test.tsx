import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversionReviewEndpoints } from '@portal/contracts';
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
  row({ id: 43, status: 'pending', transactionId: 'TX125', payout: 300, revenue: 1500 }),
  row({ id: 42, status: 'rejected', reason: 'reversed', reversalReason: 'refund', note: 'Refunded on 21 Nov.', payout: 0, revenue: 0, originalPayout: 700, transactionId: 'TX124' }), // prettier-ignore
  row({}),
];

const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method ?? 'GET', body: init?.body })); // prettier-ignore
const listCalls = () => calls().filter((c) => c.url.startsWith('/api/v1/staff/conversions?'));

function server(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_FINANCE'] });
  if (url.startsWith('/api/v1/staff/conversions/export'))
    return new Response('\ufeffConversion ID\r\n', {
      headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="conversions-2026-11-27.csv"' }, // prettier-ignore
    });
  if (init?.method === 'PUT') {
    const { id, goal, transactionId, currency, subid, createdAt, updatedAt } = ROWS[0]!;
    return answerOf(conversionReviewEndpoints.review, { id, partnerId: 1001, offerId: 31, goal, transactionId, status: 'rejected', reason: 'declined', payout: 0, currency, subid, createdAt, updatedAt }); // prettier-ignore
  }
  return answerOf(conversionReviewEndpoints.list, ROWS, { total: 123 });
}

describe('StaffConversions', () => {
  it('shows every status with names and words, revenue, and review buttons on the pending row only', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffConversions />, { path: '/staff/conversions', initialEntry: '/staff/conversions?q=TX123' }); // prettier-ignore
    const rows = await screen.findAllByTestId('staff-conversion-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('staff-conversions-total').textContent).toBe('123 conversions');
    expect(within(rows[2]!).getByTestId('staff-conversion-partner').textContent).toBe('Northwind Media #1001');
    expect(within(rows[2]!).getByTestId('staff-conversion-offer').textContent).toBe('LunaDate – FR #31');
    expect(within(rows[2]!).getByTestId('staff-conversion-revenue').textContent?.replace(/\s/gu, ' ')).toBe('9,00 €');
    expect(within(rows[1]!).getByTestId('staff-conversion-status').textContent).toBe('Rejected');
    expect(within(rows[1]!).getByTestId('staff-conversion-reason').textContent).toBe('Reversed: refund');
    expect(within(rows[1]!).getByTestId('staff-conversion-note').textContent).toBe('Refunded on 21 Nov.');
    expect(within(rows[1]!).getByTestId('staff-conversion-payout').textContent?.replace(/\s/gu, ' ')).toBe('0,00 €was 7,00 €'); // prettier-ignore
    expect(within(rows[0]!).getByTestId('staff-conversion-approve')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('staff-conversion-approve')).toBeNull();
    expect(within(rows[2]!).queryByTestId('staff-conversion-decline')).toBeNull();
    // The address's search is the API's.
    expect(listCalls()[0]!.url).toBe('/api/v1/staff/conversions?q=TX123&page=1&count=50');
    expect((screen.getByTestId('staff-conversions-search') as HTMLInputElement).value).toBe('TX123');
  });

  it('asks before declining, then sends the decision', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffConversions />, { path: '/staff/conversions' });
    const [pending] = await screen.findAllByTestId('staff-conversion-row');
    await userEvent.click(within(pending!).getByTestId('staff-conversion-decline'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Decline conversion 43?')).toBeTruthy();
    expect(calls().some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByTestId('staff-conversion-decline-confirm'));
    await waitFor(() => expect(calls().some((c) => c.method === 'PUT')).toBe(true));
    const put = calls().find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/staff/conversions/43');
    expect(JSON.parse(String(put.body))).toEqual({ status: 'rejected' });
  });

  it('keeps sort and filters in the address, and exports the same search', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { router } = renderWithProviders(<StaffConversions />, { path: '/staff/conversions', initialEntry: '/staff/conversions?status=rejected&from=2026-11-01&page=2' }); // prettier-ignore
    await screen.findAllByTestId('staff-conversion-row');
    expect(listCalls()[0]!.url).toBe('/api/v1/staff/conversions?status=rejected&from=2026-11-01&page=2&count=50');
    await userEvent.click(within(screen.getByTestId('staff-conversions-sort-payout')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=rejected&from=2026-11-01&sort=payout'));
    await userEvent.click(within(screen.getByTestId('staff-conversions-sort-payout')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=rejected&from=2026-11-01&sort=payout&order=asc')); // prettier-ignore
    await userEvent.type(screen.getByTestId('staff-conversions-partnerId'), '1001');
    await waitFor(() => expect(router.state.location.search).toContain('partnerId=1001'));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('partnerId=1001'));
    await userEvent.click(screen.getByTestId('staff-conversions-export'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls().find((c) => c.url.startsWith('/api/v1/staff/conversions/export'))!;
    expect(exported.url).toBe('/api/v1/staff/conversions/export?status=rejected&partnerId=1001&from=2026-11-01&sort=payout&order=asc'); // prettier-ignore
    await userEvent.click(screen.getByTestId('staff-conversions-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByTestId('staff-conversions-partnerId') as HTMLInputElement).value).toBe('');
  });
});
