import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from '@/lib/config';
import { accountEndpoints } from '@portal/contracts';
import { answerOf, configAnswer, errorOf, partnerFixture, renderWithProviders } from '@/test/render';
import { PaymentForm } from './payment-form';

type Partner = NonNullable<PortalConfig['partner']>;

const fetchMock = vi.fn<typeof fetch>();

const wirePartner = partnerFixture({
  id: 7,
  paymentTerms: 'net30',
  paymentCurrency: 'EUR',
  paymentMethod: 'wire',
  accountHolder: 'Northwind Media SAS',
  bankName: 'BNP Paribas',
  bankAddress: null,
  iban: 'FR7630006000011234567890189',
  swift: 'BNPAFRPPXXX',
  routingNumber: null,
});
/** The form reads the partner as the web holds it (dates revived). */
const partner = { ...wirePartner, lastActivityAt: null } as Partner;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

describe('PaymentForm', () => {
  it('shows the network terms read-only and explains an invalid IBAN, keeping Save disabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PaymentForm partner={partner} />);
    expect(screen.getByLabelText('Payment terms')).toHaveProperty('value', 'Net 30');
    expect(screen.getByLabelText('Payment terms')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Payment method')).toHaveProperty('value', 'Wire transfer');

    const iban = screen.getByLabelText('IBAN');
    await user.clear(iban);
    await user.type(iban, 'FR7630006000011234567890180');
    expect(
      await screen.findByText(
        'Please enter a valid IBAN (the country code, check digits or account number are wrong).',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the payment set, then shows server field errors under their fields', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      errorOf(400, 'The request is invalid.', { bankName: 'Must be at most 255 characters long.' }),
    );
    renderWithProviders(<PaymentForm partner={partner} />);
    await user.type(screen.getByLabelText('Routing number'), '021000021');
    // Nothing leaves without the current password (decision 030).
    await waitFor(() => expect(save().disabled).toBe(true));
    await user.type(screen.getByLabelText(/^Current password/), 'Partner2025!');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());

    expect(await screen.findByText('Must be at most 255 characters long.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/partner/7');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      accountHolder: 'Northwind Media SAS',
      bankName: 'BNP Paribas',
      bankAddress: null,
      iban: 'FR7630006000011234567890189',
      swift: 'BNPAFRPPXXX',
      routingNumber: '021000021',
      currentPassword: 'Partner2025!',
    });
  });

  it('shows a wrong current password under its field', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      errorOf(400, 'The current password is incorrect.', { currentPassword: 'The current password is incorrect.' }),
    );
    renderWithProviders(<PaymentForm partner={partner} />);
    await user.type(screen.getByLabelText('Routing number'), '021000021');
    await user.type(screen.getByLabelText(/^Current password/), 'Wrong-password1');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
  });

  it('announces the saved payment information and reloads the configuration', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/config')
        ? configAnswer({ partner: wirePartner })
        : answerOf(
            accountEndpoints.updatePartner,
            { ...wirePartner, iban: 'DE89370400440532013000' },
            { message: 'Payment information updated.' },
          ),
    );
    renderWithProviders(<PaymentForm partner={partner} />);
    const iban = screen.getByLabelText('IBAN');
    await user.clear(iban);
    await user.type(iban, 'de89 3704 0044 0532 0130 00');
    await user.type(screen.getByLabelText(/^Current password/), 'Partner2025!');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());

    expect(await screen.findByText('Payment information updated.')).toBeTruthy();
    await waitFor(() => expect(iban).toHaveProperty('value', 'DE89370400440532013000'));
    // The password is not kept in the form once used.
    expect(screen.getByLabelText(/^Current password/)).toHaveProperty('value', '');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/config'))).toBe(true));
  });
});
