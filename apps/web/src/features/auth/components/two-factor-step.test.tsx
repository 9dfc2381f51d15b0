import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '@portal/contracts';
import { answerOf, renderWithProviders } from '@/test/render';
import { TwoFactorStep } from './two-factor-step';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TwoFactorStep', () => {
  it('accepts a recovery code instead of the SMS code (decision 030)', async () => {
    const user = userEvent.setup();
    const expireAt = new Date(Date.now() + 86_400_000).toISOString();
    fetchMock.mockResolvedValueOnce(answerOf(authEndpoints.loginTwoFactor, { bearer: 'tok', expireAt }));
    const onSignedIn = vi.fn(async (_session: { bearer: string }) => undefined);
    renderWithProviders(
      <TwoFactorStep challenge="chal-1" phone="+33 •••••••78" onSignedIn={onSignedIn} onBack={() => undefined} />,
    );
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' });
    // The SMS field takes six digits only.
    await user.type(screen.getByLabelText(/^Verification code/), 'k7m2p');
    await waitFor(() => expect(verify.disabled).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    expect(screen.getByText(/Enter one of the recovery codes you stored/)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Recovery code/), 'k7m2p-x9qrt');
    await waitFor(() => expect(verify.disabled).toBe(false));
    await user.click(verify);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({ bearer: 'tok' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/login/two-factor');
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: 'chal-1', code: 'k7m2p-x9qrt' });

    await user.click(screen.getByRole('button', { name: 'Use the SMS code instead' }));
    expect(screen.getByLabelText(/^Verification code/)).toHaveProperty('value', '');
  });
});
