import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advertisersEndpoints,
  clientTagEndpoints,
  staffAdvertiserUsersEndpoints,
  staffNewsEndpoints,
  type EndpointWireData,
} from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { AdvertiserPage } from './advertiser-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const ADVERTISER: EndpointWireData<typeof advertisersEndpoints.get> = {
  id: 4,
  name: 'Amora Group',
  enabled: true,
  securityToken: 'T'.repeat(43),
  contactEmail: null,
  currency: 'EUR',
  notes: null,
  billingTerms: 'net30',
  billingAddress: null,
  country: 'FR',
  vatNumber: null,
  showPartnerNames: false,
  productCount: 1,
  offerCount: 2,
  lastPostbackAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  postbackUrl: `https://portal.example/postback?token=${'T'.repeat(43)}&click_id={click_id}&goal={goal}&amount={amount}&transaction_id={transaction_id}`,
  previousTokenExpiresAt: null,
  goalPostbacks: [],
  products: [
    { id: 9, advertiserId: 4, identifier: 'lunadate', type: 'web', domain: 'lunadate.example', enabled: true, logoId: null, cross: true, coreg: false, offerCount: 2 },
  ],
}; // prettier-ignore

const USERS: EndpointWireData<typeof staffAdvertiserUsersEndpoints.list> = [
  {
    id: 31,
    email: 'bea@amora.example',
    firstname: 'Bea',
    lastname: 'Buyer',
    enabled: true,
    passwordSet: true,
    loggedAt: '2026-11-20T08:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  {
    id: 32,
    email: 'carl@amora.example',
    firstname: 'Carl',
    lastname: 'Cart',
    enabled: false,
    passwordSet: false,
    loggedAt: null,
    createdAt: '2026-11-02T10:00:00.000Z',
  },
];

function server(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
  if (/\/users\/\d+$/.test(url)) {
    const user = USERS.find((u) => url.endsWith(`/${u.id}`))!;
    return answerOf(staffAdvertiserUsersEndpoints.update, { ...user, ...(JSON.parse(String(init!.body)) as { enabled: boolean }) });
  }
  if (url.includes('/users') && init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { email: string; firstname: string; lastname: string };
    return answerOf(staffAdvertiserUsersEndpoints.invite, { ...body, id: 33, enabled: true, passwordSet: false, loggedAt: null, createdAt: '2026-11-27T10:00:00.000Z' });
  }
  if (url.includes('/users')) return answerOf(staffAdvertiserUsersEndpoints.list, USERS, { total: USERS.length });
  if (url.includes('/security-token'))
    return answerOf(advertisersEndpoints.rotateToken, { ...ADVERTISER, securityToken: 'N'.repeat(43), previousTokenExpiresAt: '2026-11-25T10:00:00.000Z' });
  if (url.includes('/tag-setup')) return answerOf(clientTagEndpoints.setup, []);
  if (url.includes('/postbacks'))
    return answerOf(advertisersEndpoints.postbacks, [
      { id: 1, createdAt: '2026-11-24T09:00:00.000Z', outcome: 'wrong_token', status: null, reason: 'The security token is no longer valid.', conversionId: null, duplicate: false, params: { click_id: 'abc', token: '…TTTT' }, ip: '203.0.113.9', channel: 's2s', origin: null },
    ], { total: 1 });
  if (url.startsWith('/api/v1/staff/images')) return answerOf(staffNewsEndpoints.uploadImage, { id: 77, url: '/api/v1/image/77' });
  if (url.includes('/products') && init?.method === 'POST') return answerOf(advertisersEndpoints.createProduct, ADVERTISER.products[0]!);
  if (init?.method === 'PUT') return answerOf(advertisersEndpoints.update, ADVERTISER);
  return answerOf(advertisersEndpoints.get, ADVERTISER);
} // prettier-ignore

describe('AdvertiserPage', () => {
  it('shows the postback URL, the products and the log, and rotates the token with the grace period asked', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<AdvertiserPage id={4} />);
    expect((await screen.findByTestId('staff-advertiser-postback-url')).textContent).toContain('click_id={click_id}');
    expect(screen.getByTestId('staff-product-row').textContent).toContain('lunadate.example');
    // The advertiser's own reversal and partial refund, on its own URL (decision 069).
    expect(screen.getByTestId('staff-advertiser-reversal-examples').textContent).toBe(
      `https://portal.example/postback?token=${'T'.repeat(43)}&transaction_id=ORDER-123&status=reversed&reason=refund\n` +
        `https://portal.example/postback?token=${'T'.repeat(43)}&transaction_id=ORDER-123&status=adjusted&amount=40.00`,
    );
    const row = await screen.findByTestId('staff-postback-log-row');
    expect(row.textContent).toContain('Wrong token');
    expect(row.textContent).toContain('token=…TTTT');

    await userEvent.click(screen.getByTestId('staff-advertiser-rotate'));
    const dialog = await screen.findByRole('dialog');
    const hours = within(dialog).getByLabelText(/Grace period/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '6');
    await userEvent.click(within(dialog).getByTestId('staff-advertiser-rotate-confirm'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/security-token'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/security-token'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ graceHours: 6 });
    expect(await screen.findByText('A new security token was issued.')).toBeTruthy();
  });

  it('uploads a product logo as a staff image and saves the product with its id', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<AdvertiserPage id={4} />);
    await userEvent.click(await screen.findByTestId('staff-product-new'));
    const form = await screen.findByTestId('staff-product-form');
    await userEvent.type(within(form).getByTestId('staff-product-identifier'), 'moonapp');
    await userEvent.type(within(form).getByTestId('staff-product-domain'), 'moon.example');
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(await within(form).findByTestId('staff-product-logo-preview')).toBeTruthy();
    const uploaded = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/v1/staff/images'))!;
    expect(JSON.parse(String(uploaded[1]!.body))).toMatchObject({ kind: 'logo', image: { filename: 'logo.png' } });
    await userEvent.click(within(form).getByTestId('staff-product-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('/products') && init?.method === 'POST')).toBe(true));
    const saved = fetchMock.mock.calls.find(([url, init]) => String(url).includes('/products') && init?.method === 'POST')!;
    expect(JSON.parse(String(saved[1]!.body))).toMatchObject({ identifier: 'moonapp', domain: 'moon.example', logoId: 77 });
  }); // prettier-ignore

  it('gives a ready postback URL per goal and lets the test tool take a goal’s name, saying its code (decision 078)', async () => {
    const url = `https://portal.example/postback?token=${'T'.repeat(43)}&click_id={click_id}&goal=first_deposit&amount={amount}&transaction_id={transaction_id}`;
    const withGoals = { ...ADVERTISER, goalPostbacks: [{ code: 'first_deposit', name: 'First deposit', retired: false, url }] };
    fetchMock.mockImplementation((input, init) => {
      const href = String(input);
      if (href.includes('/test-postback'))
        return Promise.resolve(answerOf(advertisersEndpoints.testPostback, { status: 'approved', reason: null, payout: 300, currency: 'EUR', duplicate: false, goalCode: 'first_deposit' }));
      if (href.startsWith('/api/v1/staff/advertisers/4') && !href.includes('/postbacks') && !href.includes('/users')) return Promise.resolve(answerOf(advertisersEndpoints.get, withGoals));
      return Promise.resolve(server(href, init));
    });
    renderWithProviders(<AdvertiserPage id={4} />);
    const goal = await screen.findByTestId('staff-advertiser-goal-url');
    expect(goal.textContent).toContain('First deposit');
    expect(goal.textContent).toContain(url);
    expect(within(goal).getByRole('button', { name: 'Copy the URL for First deposit' })).toBeTruthy();

    const form = screen.getByTestId('staff-test-postback');
    expect(form.textContent).toContain('A goal’s code or its name: first_deposit (First deposit).');
    await userEvent.type(within(form).getByTestId('staff-test-postback-click_id'), 'abc');
    await userEvent.type(within(form).getByTestId('staff-test-postback-goal'), 'first deposit');
    await userEvent.click(within(form).getByTestId('staff-test-postback-send'));
    expect((await screen.findByTestId('staff-test-postback-result')).textContent).toContain('Its postback must send goal=first_deposit.');
    const sent = fetchMock.mock.calls.find(([href]) => String(href).includes('/test-postback'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ click_id: 'abc', goal: 'first deposit' });
  }); // prettier-ignore

  it('shows the VAT case and sends the invoicing details', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<AdvertiserPage id={4} />);
    const form = await screen.findByTestId('staff-advertiser-details');
    expect(form.textContent).toContain('French VAT (20 %) is charged');
    await userEvent.type(
      within(form).getByTestId('staff-advertiser-billingAddress'),
      '1 rue de Rivoli{Enter}75001 Paris',
    );
    await userEvent.type(within(form).getByTestId('staff-advertiser-vatNumber'), 'FR40303265045');
    await userEvent.click(within(form).getByTestId('staff-advertiser-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const saved = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(saved[1]!.body))).toMatchObject({
      billingTerms: 'net30',
      billingAddress: '1 rue de Rivoli\n75001 Paris',
      country: 'FR',
      vatNumber: 'FR40303265045',
    });
  });

  it('sends the portal setting: partners’ names shown to the advertiser’s users (decision 100)', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<AdvertiserPage id={4} />);
    const form = await screen.findByTestId('staff-advertiser-details');
    const toggle = within(form).getByRole('switch', { name: /Show partners' names in its portal/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    await userEvent.click(within(form).getByTestId('staff-advertiser-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const saved = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(saved[1]!.body))).toMatchObject({ showPartnerNames: true });
  });

  it('lists the portal users, invites one, disables one after a confirmation and enables another (decision 100)', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<AdvertiserPage id={4} />);
    const rows = await screen.findAllByTestId('staff-advertiser-user-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('bea@amora.example'),
      expect.stringContaining('carl@amora.example'),
    ]);
    expect(rows[0]!.textContent).toContain('Active');
    expect(rows[1]!.textContent).toContain('Disabled');
    expect(rows[1]!.textContent).toContain('Password not chosen yet');

    const form = screen.getByTestId('staff-advertiser-user-form');
    await userEvent.click(within(form).getByTestId('staff-advertiser-user-invite'));
    expect(await within(form).findAllByText('This field is required.')).not.toHaveLength(0);
    await userEvent.type(within(form).getByTestId('staff-advertiser-user-email'), 'dora@amora.example');
    await userEvent.type(within(form).getByTestId('staff-advertiser-user-firstname'), 'Dora');
    await userEvent.type(within(form).getByTestId('staff-advertiser-user-lastname'), 'Deal');
    await userEvent.click(within(form).getByTestId('staff-advertiser-user-invite'));
    expect(await screen.findByText('dora@amora.example was invited: a mail tells them how to choose their password.')).toBeTruthy();
    const invited = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/staff/advertisers/4/users') && init?.method === 'POST')!;
    expect(JSON.parse(String(invited[1]!.body))).toEqual({ email: 'dora@amora.example', firstname: 'Dora', lastname: 'Deal' });

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Disable bea@amora.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this portal user?' });
    expect(dialog.textContent).toContain('signed out at once');
    await userEvent.click(within(dialog).getByTestId('staff-advertiser-user-disable-confirm'));
    expect(await screen.findByText('Bea Buyer was disabled and signed out.')).toBeTruthy();
    const disabled = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/users/31'))!;
    expect(disabled[1]!.method).toBe('PUT');
    expect(JSON.parse(String(disabled[1]!.body))).toEqual({ enabled: false });

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Enable carl@amora.example' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/users/32'))).toBe(true));
    const enabled = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/users/32'))!;
    expect(JSON.parse(String(enabled[1]!.body))).toEqual({ enabled: true });
  }); // prettier-ignore
});
