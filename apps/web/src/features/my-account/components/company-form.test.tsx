import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountEndpoints } from '@portal/contracts';
import { answerOf, configAnswer, partnerFixture, renderWithProviders } from '@/test/render';
import { MyAccount } from './my-account';

// The company form's schema and save call (company-submit.ts) come on the form's first approach (decision 122): held
// here until a test lets them come, as a slow network would.
const code = vi.hoisted(() => {
  let release = () => undefined as void;
  const state = { held: Promise.resolve(), release: () => release() };
  return {
    state,
    hold: () => {
      state.held = new Promise<void>((resolve) => (release = resolve));
    },
  };
});
vi.mock('../company-submit', async (importOriginal) => {
  await code.state.held;
  return importOriginal();
});

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/config')
      ? configAnswer()
      : answerOf(accountEndpoints.updatePartner, partnerFixture({ city: 'Lyon' }), {
          message: 'Company information updated.',
        }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const save = () => screen.getByTestId<HTMLButtonElement>('company-save');
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('CompanyForm', () => {
  // First: the schema's module is loaded once per file, so only the first test can hold it.
  it('a press on Save before the schema came waits for it (busy), then validates with the contract; a valid one saves', async () => {
    code.hold();
    const user = userEvent.setup();
    renderWithProviders(<MyAccount />);
    const city = await screen.findByTestId<HTMLInputElement>('company-city');
    expect(save().disabled).toBe(false);
    await user.clear(city);
    await user.click(save());
    // Held: no error yet, nothing sent, the button busy: the press is not lost.
    await waitFor(() => expect(save().getAttribute('data-loading')).toBe('true'));
    expect(screen.queryByText('This field is required.')).toBeNull();
    code.state.release();
    // The contract's rule: the emptied city is in error, focused, and nothing was sent.
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(city));
    expect(puts()).toHaveLength(0);

    await user.type(city, 'Lyon');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [url, init] = puts()[0]!;
    expect(url).toBe('/api/v1/partner/7');
    expect(JSON.parse(String(init?.body))).toMatchObject({ city: 'Lyon', address: '1 rue de la Paix', country: 'FR' });
    expect(await screen.findByText('Company information updated.')).toBeTruthy();
  });

  it('validates as values change once its schema came: an emptied required field says so and Save is disabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MyAccount />);
    const city = await screen.findByTestId('company-city');
    await user.clear(city);
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    await user.type(city, 'Lyon');
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(screen.queryByText('This field is required.')).toBeNull();
  });
});
