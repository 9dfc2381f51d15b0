import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentsEndpoints, offersEndpoints, staffEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, renderWithProviders } from '@/test/render';
import { StaffApplications } from './staff-applications';
import { StaffDocuments } from './staff-documents';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('the staff queues', () => {
  it('lists the pending applications and approves one, then reloads', async () => {
    const application = {
      id: 31,
      status: 'pending' as const,
      partner: { id: 7, displayName: 'Acme #7' },
      offer: { id: 3, name: 'LunaDate' },
      createdAt: '2026-03-02T09:00:00.000Z',
    };
    let decided = false;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT') {
        decided = true;
        return answerOf(offersEndpoints.decideApplication, {
          ...application,
          partnerId: 7,
          status: 'active',
          subid: null,
          offer: application.offer,
          updatedAt: '2026-03-02T10:00:00.000Z',
        });
      }
      return answerOf(staffEndpoints.applications, decided ? [] : [application], { total: decided ? 0 : 1 });
    });
    renderWithProviders(<StaffApplications />);
    const row = await screen.findByTestId('staff-application-row');
    expect(row.textContent).toContain('Acme #7');
    expect(row.textContent).toContain('LunaDate #3');
    expect(calls()[0]).toBe('GET /api/v1/staff/partner-offers?status=pending&page=1&count=50');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls()).toContain('PUT /api/v1/staff/partner-offers/31'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'active' });
    expect(await screen.findByTestId('staff-application-empty')).toBeTruthy();
  });

  it('lists the pending documents with their type and refuses one', async () => {
    const document = {
      id: 12,
      type: 'proof_of_identity' as const,
      status: 'pending' as const,
      expireAt: null,
      expired: false,
      partner: { id: 8, displayName: 'Beta #8' },
      filename: 'passport.pdf',
      document: {
        id: 40,
        createdAt: '2026-03-01T09:00:00.000Z',
        type: 'proof_of_identity',
        filename: 'passport.pdf',
        url: '/api/v1/file/40/url',
        expireAt: null,
      },
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
    };
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? answerOf(documentsEndpoints.review, {
            id: 12,
            type: 'proof_of_identity',
            status: 'refused',
            expireAt: null,
            expired: false,
            document: null,
          })
        : answerOf(staffEndpoints.documents, [document], { total: 1 }),
    );
    renderWithProviders(<StaffDocuments />);
    const row = await screen.findByTestId('staff-document-row');
    expect(row.textContent).toContain('Proof of identity');
    expect(calls()[0]).toBe('GET /api/v1/staff/compliance-documents?status=pending&page=1&count=50');
    await userEvent.click(within(row).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), ' Blurred scan. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(calls()).toContain('PUT /api/v1/staff/compliance-documents/12'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'refused', reason: 'Blurred scan.' });
  });

  it('decides the ticked applications at once with one reason', async () => {
    const base = {
      status: 'pending' as const,
      offer: { id: 3, name: 'LunaDate' },
      createdAt: '2026-03-02T09:00:00.000Z',
    };
    const list = [
      { ...base, id: 31, partner: { id: 7, displayName: 'Acme #7' } },
      { ...base, id: 32, partner: { id: 8, displayName: 'Beta #8' } },
    ];
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? answerOf(staffEndpoints.decideApplications, { decided: 2, unchanged: 0 })
        : answerOf(staffEndpoints.applications, list, { total: 2 }),
    );
    renderWithProviders(<StaffApplications />);
    await screen.findAllByTestId('staff-application-row');
    expect((screen.getByTestId('staff-application-bulk-refuse') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Select every row of this page'));
    await userEvent.click(screen.getByTestId('staff-application-bulk-refuse'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Wrong geography');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(calls()).toContain('POST /api/v1/staff/partner-offers/decisions'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ ids: [31, 32], status: 'refused', reason: 'Wrong geography' });
    expect(await screen.findByText('2 decided; each partner is notified.')).toBeTruthy();
  });
});
