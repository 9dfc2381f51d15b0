import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  settingsEndpoints,
  timezoneForBrowserOffset,
  twoFactorEndpoints,
  type EndpointWireData,
} from '@portal/contracts';
import { answerOf, errorOf, renderWithProviders } from '@/test/render';
import { AccountSettings } from './account-settings';

const fetchMock = vi.fn<typeof fetch>();

const settings: EndpointWireData<typeof settingsEndpoints.get> = {
  timezone: null,
  preferences: {
    newsletter: true,
    offerNotifications: true,
    paymentNotifications: false,
    urgentNotifications: true,
    partnerSpecialOffers: false,
  },
  twoFactor: { enabled: false, phone: null, enabledAt: null },
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('AccountSettings', () => {
  it('proposes the browser’s offset when none is saved, with the billing note, and saves it', async () => {
    const user = userEvent.setup();
    const browser = timezoneForBrowserOffset(new Date().getTimezoneOffset());
    fetchMock
      .mockResolvedValueOnce(answerOf(settingsEndpoints.get, settings))
      .mockResolvedValueOnce(
        answerOf(
          settingsEndpoints.setTimezone,
          { ...settings, timezone: browser },
          { message: 'Your timezone has been saved.' },
        ),
      );
    renderWithProviders(<AccountSettings />);
    await user.click(await screen.findByRole('button', { name: 'Timezone' }));
    const select = screen.getByTestId('timezone-select') as HTMLInputElement;
    expect(select.value).toMatch(new RegExp(`^\\(GMT\\${browser}\\) `));
    expect(screen.getByTestId('timezone-note').textContent).toContain('UTC/GMT+1 (Paris)');
    await user.click(await screen.findByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/v1/account/timezone');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ timezone: browser });
    expect((await screen.findByTestId('snackbar')).textContent).toContain('Your timezone has been saved.');
  });

  it('says when the settings cannot be loaded and loads them again on request', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(errorOf(500, 'Down'))
      .mockResolvedValueOnce(answerOf(settingsEndpoints.get, settings));
    renderWithProviders(<AccountSettings />);
    const failed = await screen.findByTestId('settings-load-failed');
    expect(failed.textContent).toContain('could not be loaded');
    expect(screen.queryByRole('button', { name: 'Timezone' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Timezone' })).not.toBeNull();
    expect(screen.queryByTestId('settings-load-failed')).toBeNull();
  });

  it('shows the five preferences as saved and sends all five', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(answerOf(settingsEndpoints.get, settings))
      .mockResolvedValueOnce(
        answerOf(settingsEndpoints.setPreferences, settings, { message: 'Your preferences have been saved.' }),
      );
    renderWithProviders(<AccountSettings />);
    await user.click(await screen.findByRole('button', { name: 'Newsletter and notification preferences' }));
    const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    // The checkboxes take their saved state when the form registers them (after the panel opens): waited for.
    await waitFor(() => expect(box('Newsletter Subscription').checked).toBe(true));
    expect(box('Payment Notifications').checked).toBe(false);
    expect(box('Special Offers from our Partners').checked).toBe(false);
    await user.click(box('Newsletter Subscription'));
    await user.click(await screen.findByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      ...settings.preferences,
      newsletter: false,
    });
  });

  it('offers the six country codes, sends the phone on VERIFY and then asks for the code', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(answerOf(settingsEndpoints.get, settings))
      .mockResolvedValueOnce(
        answerOf(twoFactorEndpoints.start, { phone: '+49 •••••••••89', codeExpireAt: new Date().toISOString() }),
      );
    renderWithProviders(<AccountSettings />);
    await user.click(await screen.findByRole('button', { name: 'Two-factor authentication' }));
    const countryCode = screen.getAllByLabelText(/^Country code/).find((el) => el.tagName === 'INPUT');
    await user.click(countryCode!);
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['+1 USA', '+33 France', '+44 UK', '+49 Germany', '+91 India', '+81 Japan']);
    await user.click(screen.getByRole('option', { name: '+49 Germany', hidden: true }));
    await user.type(screen.getByLabelText(/^Phone number/), '0151 23456789');
    // The current password is required before anything is sent (decision 030).
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'VERIFY' }).disabled).toBe(true));
    await user.type(
      within(screen.getByTestId('two-factor-start-form')).getByLabelText(/^Current password/),
      'Partner2025!',
    );
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect((await screen.findByTestId('two-factor-code-sent')).textContent).toContain('+49 •••••••••89');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      countryCode: '+49',
      phoneNumber: '0151 23456789',
      password: 'Partner2025!',
    });
    expect(screen.getByLabelText(/^Verification code/)).toBeTruthy();
  });

  it('after the code, shows the recovery codes once, to copy or download, until they are stored', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-efgh${i + 2}`);
    const enabled = { ...settings, twoFactor: { enabled: true, phone: '+33 •••••••78', enabledAt: null } };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/account/two-factor/start'))
        return answerOf(twoFactorEndpoints.start, { phone: '+33 •••••••78', codeExpireAt: '' });
      if (url.endsWith('/account/two-factor/confirm')) {
        return answerOf(
          twoFactorEndpoints.confirm,
          { ...enabled.twoFactor, recoveryCodes: codes },
          { message: 'Two-factor authentication is enabled.' },
        );
      }
      // The settings: off before the confirmation, on after it.
      const confirmed = fetchMock.mock.calls.some(([u]) => String(u).endsWith('/confirm'));
      return answerOf(settingsEndpoints.get, confirmed && init?.method !== 'POST' ? enabled : settings);
    });
    renderWithProviders(<AccountSettings />);
    await user.click(await screen.findByRole('button', { name: 'Two-factor authentication' }));
    await user.type(screen.getByLabelText(/^Phone number/), '06 12 34 56 78');
    await user.type(
      within(screen.getByTestId('two-factor-start-form')).getByLabelText(/^Current password/),
      'Partner2025!',
    );
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    await user.type(await screen.findByLabelText(/^Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const panel = await screen.findByTestId('two-factor-recovery-codes');
    expect(panel.textContent).toContain('Store your recovery codes now');
    expect(screen.getAllByTestId('recovery-code').map((el) => el.textContent)).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Copy the codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download as a text file' })).toBeTruthy();
    // The section switched to the enabled state and the codes stayed.
    expect(await screen.findByTestId('two-factor-enabled')).toBeTruthy();
    expect(screen.getByTestId('two-factor-recovery-codes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have stored them' }));
    expect(screen.queryByTestId('two-factor-recovery-codes')).toBeNull();
  });
});
