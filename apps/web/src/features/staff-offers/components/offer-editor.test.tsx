import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffOffersEndpoints, type EndpointWireData } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { OfferEditor } from './offer-editor';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const OPTIONS: EndpointWireData<typeof staffOffersEndpoints.options> = {
  products: [{ id: 9, identifier: 'lunadate', enabled: true, advertiser: { id: 4, name: 'Amora Group', enabled: true, currency: 'EUR' } }],
  verticals: [{ id: 1, identifier: 'dating', name: 'Dating' }],
  goals: [{ identifier: 'registration', name: 'Registration' }, { identifier: 'sale', name: 'Sale' }],
  goalTypes: [{ identifier: 'p1', name: 'Standard payout' }, { identifier: 'p2', name: 'Premium payout' }],
}; // prettier-ignore

const OFFER: EndpointWireData<typeof staffOffersEndpoints.get> = {
  id: 31, name: 'LunaDate – FR', productId: 9, product: { id: 9, identifier: 'lunadate', enabled: true },
  advertiser: { id: 4, name: 'Amora Group', enabled: true }, conversionType: 'cpl', currency: 'EUR',
  defaultUrl: 'https://lunadate.example/?cid={click_id}', previewUrl: null, fallbackUrl: null,
  descriptionHtml: '<p>Dating <strong>FR</strong></p>', countries: ['FR'], verticals: [1], private: false,
  allowedPartnerIds: [], allowedPartners: [], requireApproval: false, enabled: true, geoTargeting: true,
  startsAt: null, endsAt: null, imageId: null, image: null,
  goals: [{ id: 5, goal: 'registration', name: 'Registration', revenueAmount: 500, revenuePercent: null, payoutAmount: 400, payoutPercent: null, allowNegativeMargin: false, manualValidation: false, private: false, types: [] }],
  createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z',
}; // prettier-ignore

function server(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
  if (url.startsWith('/api/v1/staff/catalogue-options')) return answerOf(staffOffersEndpoints.options, OPTIONS);
  if (init?.method === 'PUT') return answerOf(staffOffersEndpoints.update, OFFER);
  return answerOf(staffOffersEndpoints.get, OFFER);
}

const putBody = () => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return call ? (JSON.parse(String(call[1]!.body)) as Record<string, unknown>) : null;
};

describe('OfferEditor', () => {
  it("shows the offer's goals as typed amounts and previews the partner's view and the landing URL", async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    expect(((await screen.findByTestId('staff-offer-goal-0-revenueAmount')) as HTMLInputElement).value).toBe('5.00');
    expect((screen.getByTestId('staff-offer-goal-0-payoutAmount') as HTMLInputElement).value).toBe('4.00');
    expect(screen.getByTestId('staff-offer-preview-goals').textContent).toContain('Registration');
    expect(screen.getByTestId('staff-offer-preview-landing').textContent).toBe(
      'https://lunadate.example/?cid=AZq1c2xpY2stc2FtcGxl',
    );
    expect(screen.getByTestId('staff-offer-preview-description').innerHTML).toContain('<strong>FR</strong>');
  });

  it('flags a payout above revenue and refuses to save it until negative margin is allowed, then sends minor units', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite />);
    const payout = await screen.findByTestId('staff-offer-goal-0-payoutAmount');
    await userEvent.clear(payout);
    await userEvent.type(payout, '6.5');
    expect(await screen.findByTestId('staff-offer-goal-0-loss')).toBeTruthy();
    await userEvent.click(screen.getByTestId('staff-offer-save'));
    expect(
      await screen.findByText('The payout is above the revenue. Tick "Allow negative margin" to keep it.'),
    ).toBeTruthy();
    expect(putBody()).toBeNull();

    await userEvent.click(screen.getByTestId('staff-offer-goal-0-allow-loss'));
    await userEvent.click(screen.getByTestId('staff-offer-save'));
    await waitFor(() => expect(putBody()).not.toBeNull());
    expect(putBody()!.goals).toEqual([
      expect.objectContaining({
        goal: 'registration',
        revenueAmount: 500,
        payoutAmount: 650,
        allowNegativeMargin: true,
      }),
    ]);
  });

  it('shows the fields read-only to staff who are not admins', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<OfferEditor id={31} canWrite={false} />);
    expect(await screen.findByText('Only administrators can change offers.')).toBeTruthy();
    expect(screen.queryByTestId('staff-offer-save')).toBeNull();
    expect(screen.getByTestId('staff-offer-name').matches(':disabled')).toBe(true);
  });
});
