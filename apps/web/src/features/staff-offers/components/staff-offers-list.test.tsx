import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffOffersEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffOffersList } from './staff-offers-list';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const ROW = {
  id: 12, name: 'LunaDate – FR – SOI', advertiser: { id: 1, name: 'Amora Group' }, product: { id: 2, identifier: 'lunadate' },
  currency: 'EUR', conversionType: 'cpl', enabled: true, private: true, requireApproval: false, startsAt: null,
  endsAt: '2020-01-01T00:00:00.000Z', countries: ['FR', 'BE'], goalCount: 2, createdAt: '2026-11-01T10:00:00.000Z',
}; // prettier-ignore

function server(url: string): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ACCOUNT_MANAGER'] });
  if (url.startsWith('/api/v1/staff/catalogue-options'))
    return answerOf(staffOffersEndpoints.options, { products: [{ id: 2, identifier: 'lunadate', enabled: true, advertiser: { id: 1, name: 'Amora Group', enabled: true, currency: 'EUR' } }], verticals: [], goals: [], goalTypes: [] }); // prettier-ignore
  return answerOf(staffOffersEndpoints.list, [ROW], { total: 1 });
}

describe('StaffOffersList', () => {
  it('lists the offers with their state, for an account manager without an admin-only call or a New button', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(server(String(url))));
    renderWithProviders(<StaffOffersList canWrite={false} />);
    const row = await screen.findByTestId('staff-offer-row');
    expect(row.textContent).toContain('LunaDate – FR – SOI');
    expect(row.textContent).toContain('Ended');
    expect(row.textContent).toContain('Private');
    expect(screen.queryByTestId('staff-offer-new')).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.some((url) => url.startsWith('/api/v1/staff/advertisers'))).toBe(false);
  });
});
