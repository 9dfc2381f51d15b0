import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints, staffUserEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
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

describe('editing a staff member’s sign-in e-mail', () => {
  const member = {
    id: 7,
    email: 'nina@example.test',
    firstname: 'Nina',
    lastname: 'Novak',
    displayName: 'Nina Novak',
    roles: ['ROLE_ACCOUNT_MANAGER' as const],
    teamId: null,
    managerId: null,
    phone: null,
    telegram: null,
    teams: null,
    enabled: true,
    image: null,
    loggedAt: null,
    twoFactorEnabled: false,
    invitationPending: false,
    partnerCount: 0,
  };
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

  it('asks for the editor’s own password only when the e-mail changes, and shows the server’s refusal under it', async () => {
    let answer: 'refuse' | 'accept' = 'refuse';
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_TEAM_MANAGER'] });
      if (url.startsWith('/api/v1/staff/teams')) return answerOf(staffUserEndpoints.teams, []);
      if (init?.method === 'PUT') {
        return answer === 'refuse'
          ? errorOf(400, 'Your password is incorrect.', { currentPassword: 'Your password is incorrect.' })
          : answerOf(staffUserEndpoints.update, { ...member, ...JSON.parse(String(init.body)) });
      }
      return answerOf(staffUserEndpoints.list, [member]);
    });
    renderWithProviders(<StaffUsers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = await screen.findByTestId('staff-user-email');
    expect(screen.queryByTestId('staff-user-currentPassword')).toBeNull();

    await userEvent.clear(email);
    await userEvent.click(email);
    await userEvent.paste('someone.else@example.test');
    const password = await screen.findByTestId('staff-user-currentPassword');
    expect(screen.getByText(/signs them out everywhere/)).toBeTruthy();
    await userEvent.click(screen.getByTestId('staff-user-submit'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    await userEvent.click(password);
    await userEvent.paste('Wrong2025!');
    await userEvent.click(screen.getByTestId('staff-user-submit'));
    expect(await screen.findByText('Your password is incorrect.')).toBeTruthy();
    expect(JSON.parse(String(puts()[0]![1]!.body))).toMatchObject({
      email: 'someone.else@example.test',
      currentPassword: 'Wrong2025!',
    });

    answer = 'accept';
    await userEvent.clear(password);
    await userEvent.paste('Team2025!');
    await userEvent.click(screen.getByTestId('staff-user-submit'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(JSON.parse(String(puts()[1]![1]!.body)).currentPassword).toBe('Team2025!');
  }, 40_000);

  it('sends no password when the e-mail stays', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
      if (url.startsWith('/api/v1/staff/teams')) return answerOf(staffUserEndpoints.teams, []);
      if (init?.method === 'PUT') return answerOf(staffUserEndpoints.update, member);
      return answerOf(staffUserEndpoints.list, [member]);
    });
    renderWithProviders(<StaffUsers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.type(await screen.findByTestId('staff-user-phone'), '+33 6');
    expect(screen.queryByTestId('staff-user-currentPassword')).toBeNull();
    await userEvent.click(screen.getByTestId('staff-user-submit'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]![1]!.body))).not.toHaveProperty('currentPassword');
  });
});
