import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advertisersEndpoints,
  conversionReviewEndpoints,
  staffEndpoints,
  staffOffersEndpoints,
  type EndpointWireData,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { loadSelect } from '@/components/deferred-select';
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

const advertisersList = advertisersEndpoints.list;
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
    // The goal's name over its code, the click's IP, and how long it took to convert.
    expect(within(rows[2]!).getByTestId('staff-conversion-goal').textContent).toBe('Salesale');
    expect(within(rows[2]!).getByTestId('staff-conversion-ip').textContent).toBe('203.0.113.7');
    expect(within(rows[2]!).getByTestId('staff-conversion-clicked').textContent).toContain('converted after 2 min');
    // The address's search is the API's.
    expect(listCalls()[0]!.url).toBe('/api/v1/staff/conversions?q=TX123&page=1&count=50');
    expect((screen.getByTestId('staff-conversions-search') as HTMLInputElement).value).toBe('TX123');
  });

  it('asks before declining, for a reason code and a note, then sends the decision', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffConversions />, { path: '/staff/conversions' });
    const [pending] = await screen.findAllByTestId('staff-conversion-row');
    await userEvent.click(within(pending!).getByTestId('staff-conversion-decline'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Decline conversion 43?')).toBeTruthy();
    // Without its reason code, nothing is sent.
    await userEvent.click(within(dialog).getByTestId('staff-conversion-decision-confirm'));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(calls().some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByTestId('staff-conversion-decline-reason'));
    await userEvent.click(await screen.findByRole('option', { name: 'invalid traffic', hidden: true }));
    await userEvent.type(within(dialog).getByTestId('staff-conversion-decline-note'), 'Bot traffic');
    await userEvent.click(within(dialog).getByTestId('staff-conversion-decision-confirm'));
    await waitFor(() => expect(calls().some((c) => c.method === 'PUT')).toBe(true));
    const put = calls().find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/staff/conversions/43');
    expect(JSON.parse(String(put.body))).toEqual({
      status: 'rejected',
      reason: 'invalid_traffic',
      note: 'Bot traffic',
    });
  });

  it('selects the page’s pending conversions and approves them in one action, after naming count and totals', async () => {
    const rows = [
      row({ id: 51, status: 'pending', payout: 300, revenue: 500 }),
      row({ id: 52, status: 'pending', payout: 200, revenue: 400, currency: 'USD' }),
      row({ id: 53, status: 'pending', payout: 100, revenue: 150 }),
      row({ id: 54 }),
    ];
    fetchMock.mockImplementation((url) => {
      const address = String(url);
      if (address.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_FINANCE'] }));
      if (address === '/api/v1/staff/conversions/decisions')
        return Promise.resolve(answerOf(conversionReviewEndpoints.decide, { decided: 3, unchanged: 0 }));
      return Promise.resolve(answerOf(conversionReviewEndpoints.list, rows, { total: 4 }));
    });
    renderWithProviders(<StaffConversions />, { path: '/staff/conversions', initialEntry: '/staff/conversions?status=pending' }); // prettier-ignore
    const listed = await screen.findAllByTestId('staff-conversion-row');
    // An approved row cannot be selected.
    expect(within(listed[3]!).queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every pending conversion of the page' }));
    const bar = await screen.findByTestId('staff-conversions-bulk');
    const text = (element: HTMLElement) => element.textContent?.replace(/\s/gu, ' ');
    expect(text(within(bar).getByTestId('staff-conversions-selected'))).toBe(
      '3 conversions selected · payout 4,00 € · 2,00 $US · revenue 6,50 € · 4,00 $US',
    );
    await userEvent.click(within(bar).getByTestId('staff-conversions-bulk-approve'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve 3 conversions?')).toBeTruthy();
    expect(text(within(dialog).getByTestId('staff-conversion-decision-summary'))).toBe(
      '3 conversions: the partners are paid 4,00 € · 2,00 $US, the advertisers owe 6,50 € · 4,00 $US.',
    );
    await userEvent.click(within(dialog).getByTestId('staff-conversion-decision-confirm'));
    await waitFor(() => expect(calls().some((c) => c.url === '/api/v1/staff/conversions/decisions')).toBe(true));
    const post = calls().find((c) => c.url === '/api/v1/staff/conversions/decisions')!;
    expect(post.method).toBe('POST');
    expect(JSON.parse(String(post.body))).toEqual({ ids: [51, 52, 53], status: 'approved' });
    await waitFor(() => expect(screen.queryByTestId('staff-conversions-bulk')).toBeNull());
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

  it('picks partner and offer by name for an admin, sending their ids, and names an id that came in the address', async () => {
    const partner = { id: 1001, companyName: 'Northwind Media' } as EndpointWireData<typeof staffEndpoints.listPartners>[number]; // prettier-ignore
    const offer = { id: 31, name: 'LunaDate – FR' } as EndpointWireData<typeof staffOffersEndpoints.list>[number];
    fetchMock.mockImplementation((url, init) => {
      const path = String(url);
      if (path.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ADMIN'] }));
      if (path.startsWith('/api/v1/staff/partners')) return Promise.resolve(answerOf(staffEndpoints.listPartners, [partner], { total: 1 })); // prettier-ignore
      if (path.startsWith('/api/v1/staff/offers')) return Promise.resolve(answerOf(staffOffersEndpoints.list, [offer], { total: 1 })); // prettier-ignore
      if (path.startsWith('/api/v1/staff/advertisers')) return Promise.resolve(answerOf(advertisersList, [])); // prettier-ignore
      return Promise.resolve(server(path, init));
    });
    const { router } = renderWithProviders(<StaffConversions />, { path: '/staff/conversions', initialEntry: '/staff/conversions?offerId=31' }); // prettier-ignore
    await screen.findAllByTestId('staff-conversion-row');
    // The offer from the address is looked up by its id and shown by its name.
    await waitFor(() => expect(calls().some((c) => c.url.startsWith('/api/v1/staff/offers?') && c.url.includes('q=%2331'))).toBe(true)); // prettier-ignore
    await waitFor(() => expect((screen.getByTestId('staff-conversions-offerId') as HTMLInputElement).value).toBe('LunaDate – FR #31')); // prettier-ignore

    // Drawn closed without its list's code (decision 122): a pointer near it loads the code, which takes its place.
    await userEvent.hover(screen.getByTestId('staff-conversions-partnerId'));
    await act(() => loadSelect());
    const picker = screen.getByTestId('staff-conversions-partnerId');
    await userEvent.type(picker, 'North');
    await waitFor(() => expect(calls().some((c) => c.url.startsWith('/api/v1/staff/partners?') && c.url.includes('q=North'))).toBe(true)); // prettier-ignore
    const listbox = () => document.getElementById(picker.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(listbox()).toBeTruthy());
    await userEvent.click(await within(listbox()).findByText('Northwind Media #1001', {}, { timeout: 3000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?offerId=31&partnerId=1001'));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('partnerId=1001'));
    expect((picker as HTMLInputElement).value).toBe('Northwind Media #1001');
    // Advertisers are the admins' list, picked by name too: no typed id anywhere.
    expect(screen.getByTestId('staff-conversions-advertiserId').getAttribute('inputmode')).toBeNull();
    // Clear empties the named fields with the address.
    await userEvent.click(screen.getByTestId('staff-conversions-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe(''));
    expect((screen.getByTestId('staff-conversions-offerId') as HTMLInputElement).value).toBe('');
  });
});
