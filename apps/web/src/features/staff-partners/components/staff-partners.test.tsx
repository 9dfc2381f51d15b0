import { screen, waitFor, within } from '@testing-library/react';
import { staffEndpoints, type EndpointWireData } from '@portal/contracts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { answerOf, renderWithProviders } from '@/test/render';
import { StaffPartners } from './staff-partners';

const fetchMock = vi.fn<typeof fetch>();
const PARTNERS: EndpointWireData<typeof staffEndpoints.listPartners> = [
  { id: 7, displayName: 'Acme #7', email: 'a@acme.test', status: 'pending', prospect: true, accountManagerId: 2, createdAt: '2026-03-02T09:00:00.000Z' },
  { id: 8, displayName: 'Beta #8', email: 'b@beta.test', status: 'suspended', prospect: false, accountManagerId: 2, createdAt: '2026-01-02T09:00:00.000Z' },
]; // prettier-ignore

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('StaffPartners', () => {
  it('asks for the pending partners first and offers the moves each status allows', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answerOf(staffEndpoints.listPartners, PARTNERS)));
    renderWithProviders(<StaffPartners />);
    const rows = await screen.findAllByTestId('staff-partner-row');
    expect(calls()[0]).toBe('GET /api/v1/staff/partners?status=pending');
    const buttons = (row: HTMLElement) =>
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons(rows[0]!)).toEqual(['Approve', 'Decline', 'History']);
    expect(buttons(rows[1]!)).toEqual(['Reinstate', 'Close', 'History']);
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).getByText('02/03/2026')).toBeTruthy();
  });

  it('sends the move with the trimmed reason, then reloads the list', async () => {
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        init?.method === 'PUT'
          ? answerOf(staffEndpoints.changePartnerStatus, { ...PARTNERS[0]!, status: 'rejected' })
          : answerOf(staffEndpoints.listPartners, PARTNERS),
      ),
    );
    renderWithProviders(<StaffPartners />);
    const [row] = await screen.findAllByTestId('staff-partner-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  Not our traffic.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(calls()).toContain('PUT /api/v1/staff/partners/7/status'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'rejected', reason: 'Not our traffic.' });
    await waitFor(() => expect(calls().filter((c) => c.startsWith('GET /api/v1/staff/partners?')).length).toBe(2));
    expect(await screen.findByText('Acme #7 is now Declined.')).toBeTruthy();
  });

  it('a reason over 1000 characters cannot be sent', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answerOf(staffEndpoints.listPartners, PARTNERS)));
    renderWithProviders(<StaffPartners />);
    const [row] = await screen.findAllByTestId('staff-partner-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText(/Reason/);
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(1001));
    expect((within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('Must be at most 1000 characters long.')).toBeTruthy();
  });
});
