import { screen, waitFor, within } from '@testing-library/react';
import { staffEndpoints, type EndpointWireData } from '@portal/contracts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffPartners } from './staff-partners';

const fetchMock = vi.fn<typeof fetch>();
const manager = { id: 2, name: 'Paul Martin', email: 'paul@demo.test' };
const row = {
  accountType: 'affiliate' as const,
  accountManager: manager,
  country: 'FR',
  missingDocuments: [],
  lastActivityAt: null,
};
const PARTNERS: EndpointWireData<typeof staffEndpoints.listPartners> = [
  { ...row, id: 7, displayName: 'Acme #7', companyName: 'Acme', email: 'a@acme.test', status: 'pending', prospect: true, accountManagerId: 2, createdAt: '2026-03-02T09:00:00.000Z', missingDocuments: ['signed_contract'] },
  { ...row, id: 8, displayName: 'Beta #8', companyName: 'Beta', email: 'b@beta.test', status: 'suspended', prospect: false, accountManagerId: 2, createdAt: '2026-01-02T09:00:00.000Z' },
]; // prettier-ignore

/** The server as the list sees it: an account manager's configuration, the list, and the moves. */
function answer(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ACCOUNT_MANAGER'] });
  if (init?.method === 'PUT') return answerOf(staffEndpoints.changePartnerStatus, { ...PARTNERS[0]!, status: 'rejected' });
  return answerOf(staffEndpoints.listPartners, PARTNERS, { total: 2 });
} // prettier-ignore

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

/**
 * Opens a row's menu once its code has come (decision 119: the button is drawn first, the menu loaded on approach;
 * e2e/tests/on-demand.spec.ts presses it before). The loaded menu's button takes the drawn one's place.
 */
async function openMenu(row: HTMLElement, name: string) {
  const button = () => within(row).getByRole('button', { name: `Actions for ${name}` });
  await userEvent.hover(button());
  await waitFor(() => expect(button().hasAttribute('aria-busy')).toBe(false));
  await userEvent.click(button());
}

describe('StaffPartners', () => {
  it('asks for every partner first, links each to its page, flags missing documents, and offers the moves', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(answer(String(url), init)));
    renderWithProviders(<StaffPartners />, { path: '/staff/partners', initialEntry: '/staff/partners' });
    const rows = await screen.findAllByTestId('staff-partner-row');
    expect(calls()).toContain('GET /api/v1/staff/partners?page=1&count=50&sortName=id&sortOrder=desc');
    expect(within(rows[0]!).getByRole('link', { name: 'Acme #7' }).getAttribute('href')).toBe('/staff/partners/7');
    expect(within(rows[0]!).getByTestId('staff-partner-missing-documents').textContent).toBe('Documents missing');
    expect(within(rows[1]!).queryByTestId('staff-partner-missing-documents')).toBeNull();
    expect(within(rows[0]!).getByText('Paul Martin')).toBeTruthy();
    expect(screen.getByTestId('staff-partners-total').textContent).toBe('2 partners');
    // An account manager reassigns no one: no manager filter.
    expect(screen.queryByTestId('staff-partners-manager-filter')).toBeNull();
    // Each row's actions sit in one menu beside its name (decision 082), named for the partner.
    const items = async (row: HTMLElement, name: string) => {
      await openMenu(row, name);
      const menu = await screen.findByRole('menu');
      const labels = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return labels;
    };
    expect(within(rows[0]!).getByText('a@acme.test')).toBeTruthy();
    expect(await items(rows[0]!, 'Acme #7')).toEqual(['Approve', 'Decline', 'History']);
    expect(await items(rows[1]!, 'Beta #8')).toEqual(['Reinstate', 'Close', 'History']);
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).getByText('02/03/2026')).toBeTruthy();
  });

  it('sends the move with the trimmed reason, then reloads the list', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(answer(String(url), init)));
    renderWithProviders(<StaffPartners />);
    const [row] = await screen.findAllByTestId('staff-partner-row');
    await openMenu(row!, 'Acme #7');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline: Acme #7' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  Not our traffic.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(calls()).toContain('PUT /api/v1/staff/partners/7/status'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'rejected', reason: 'Not our traffic.' });
    await waitFor(() => expect(calls().filter((c) => c.startsWith('GET /api/v1/staff/partners?')).length).toBe(2));
    expect(await screen.findByText('Acme #7 is now Declined.')).toBeTruthy();
  });

  it('a reason over 1000 characters cannot be sent', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(answer(String(url), init)));
    renderWithProviders(<StaffPartners />);
    const [row] = await screen.findAllByTestId('staff-partner-row');
    await openMenu(row!, 'Acme #7');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText(/Reason/);
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(1001));
    expect((within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('Must be at most 1000 characters long.')).toBeTruthy();
  });
});

describe('StaffPartners search and filters', () => {
  it('puts the search, the status and the sort in the address and asks the server for them', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(answer(String(url), init)));
    renderWithProviders(<StaffPartners />);
    await screen.findAllByTestId('staff-partner-row');
    await userEvent.type(screen.getByTestId('staff-partners-search'), 'acme');
    await waitFor(() =>
      expect(calls()).toContain('GET /api/v1/staff/partners?page=1&count=50&sortName=id&sortOrder=desc&q=acme'),
    );
    await userEvent.click(screen.getByRole('button', { name: /Partner/ }));
    await waitFor(() =>
      expect(calls()).toContain('GET /api/v1/staff/partners?page=1&count=50&sortName=companyName&sortOrder=asc&q=acme'),
    );
    await userEvent.click(screen.getByTestId('staff-partners-missing-filter'));
    await waitFor(() => expect(calls().some((c) => c.includes('documents=missing'))).toBe(true));
  });
});
