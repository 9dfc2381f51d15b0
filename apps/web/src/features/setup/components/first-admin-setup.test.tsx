import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupEndpoints } from '@portal/contracts';
import { answerOf, errorOf, renderWithProviders } from '@/test/render';
import { FirstAdminSetup } from './first-admin-setup';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('FirstAdminSetup', () => {
  it('checks the key, names the admin, then goes on to choose the password', async () => {
    fetchMock
      .mockResolvedValueOnce(answerOf(setupEndpoints.checkKey, { valid: true }))
      .mockResolvedValueOnce(answerOf(setupEndpoints.createFirstAdmin, { passwordKey: 'pw-key' }));
    const { router } = renderWithProviders(<FirstAdminSetup setupKey="setup-key" />, { path: '/setup' });
    expect(await screen.findByText('Create the first administrator')).not.toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/setup/check-key/setup-key');

    type(/^Email/, 'owner@example.com');
    type(/^First name/, 'Olive');
    type(/^Last name/, 'Owner');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/password-reset'));
    expect(router.state.location.search).toBe('?key=pw-key');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe('/api/v1/setup/first-admin');
    expect(JSON.parse(String(init?.body))).toEqual({
      key: 'setup-key',
      email: 'owner@example.com',
      firstname: 'Olive',
      lastname: 'Owner',
    });
  });

  it('shows the invalid-link view for a dead key, and a taken e-mail under its field', async () => {
    fetchMock.mockResolvedValueOnce(answerOf(setupEndpoints.checkKey, { valid: false }));
    const first = renderWithProviders(<FirstAdminSetup setupKey="dead" />, { path: '/setup' });
    expect(await screen.findByTestId('setup-invalid')).not.toBeNull();
    first.unmount();

    fetchMock.mockResolvedValueOnce(answerOf(setupEndpoints.checkKey, { valid: true })).mockResolvedValueOnce(
      errorOf(409, 'An account with this email already exists.', {
        email: 'An account with this email already exists.',
      }),
    );
    renderWithProviders(<FirstAdminSetup setupKey="k" />, { path: '/setup' });
    await screen.findByText('Create the first administrator');
    type(/^Email/, 'taken@example.com');
    type(/^First name/, 'T');
    type(/^Last name/, 'Aken');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('An account with this email already exists.')).not.toBeNull();
  });
});
