import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints, staffUserEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffUsers } from './staff-users';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('the staff page’s compliance settings', () => {
  it('shows the required documents and saves a new set', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
      if (url.startsWith('/api/v1/staff/settings/compliance')) {
        return init?.method === 'PUT'
          ? answerOf(staffEndpoints.updateComplianceSettings, JSON.parse(String(init.body)))
          : answerOf(staffEndpoints.complianceSettings, {
              requiredDocumentTypes: ['proof_of_identity', 'signed_contract'],
            });
      }
      if (url.startsWith('/api/v1/staff/teams')) return answerOf(staffUserEndpoints.teams, []);
      return answerOf(staffUserEndpoints.list, []);
    });
    renderWithProviders(<StaffUsers />);
    await userEvent.click(await screen.findByTestId('staff-tab-compliance'));
    const identity = await screen.findByLabelText('Proof of identity');
    expect((identity as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Insertion order') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('staff-required-documents-save') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Insertion order'));
    await userEvent.click(identity);
    await userEvent.click(screen.getByTestId('staff-required-documents-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ requiredDocumentTypes: ['signed_contract', 'insertion_order'] });
    expect(await screen.findByText('The compliance settings were saved.')).toBeTruthy();
  });
});
