import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POSTBACK_MACROS, offersEndpoints, postbacksEndpoints } from '@portal/contracts';
import { answerOf, errorOf, offerFixture, renderWithProviders } from '@/test/render';
import { PostbackForm } from './postback-form';

const fetchMock = vi.fn<typeof fetch>();

const offerPage = {
  total: 1,
  list: [
    offerFixture({
      id: 11,
      name: 'LunaDate – FR – SOI',
      offerGoals: [
        {
          id: 1,
          private: false,
          payoutAmount: 250,
          payoutPercent: null,
          goal: { id: 3, identifier: 'registration', name: 'Registration', types: [] },
        },
      ],
    }),
  ],
};
const offers = () => answerOf(offersEndpoints.list, offerPage, { total: 1 });
const saved = (id: number) => ({
  id,
  name: 'My tracker',
  partnerId: 1,
  subId: null,
  goalId: null,
  url: 'https://tracker.example/pb?c={click_id}',
  enabled: true,
  disabledReason: null,
  count: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
const urlInput = () => screen.getByLabelText(/^Postback URL/) as HTMLInputElement;
const preview = () => screen.getByTestId('postback-preview').textContent;

// Mantine's inputs are slow to type into under jsdom on a busy machine.
describe('PostbackForm', { timeout: 30_000 }, () => {
  it('previews the URL with sample values as it is typed and as macros are inserted', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(offers());
    renderWithProviders(<PostbackForm postback={null} onSaved={() => {}} onCancel={() => {}} />);
    expect(preview()).toBe('Type a URL to see how it will be called.');
    expect(save().disabled).toBe(true);

    await user.click(urlInput());
    await user.paste('https://tracker.example/pb?click={click_id}&payout=');
    expect(preview()).toBe('https://tracker.example/pb?click=AZNhb2xDEMOclick00001&payout=');
    await user.click(screen.getByRole('button', { name: 'Insert {payout}' }));
    expect(urlInput().value).toBe('https://tracker.example/pb?click={click_id}&payout={payout}');
    expect(preview()).toBe('https://tracker.example/pb?click=AZNhb2xDEMOclick00001&payout=12.50');
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('fills the URL from a tracker preset, its parts to replace in capitals (decision 118)', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(offers());
    renderWithProviders(<PostbackForm postback={null} onSaved={() => {}} onCancel={() => {}} />);
    await user.click(screen.getByTestId('postback-preset'));
    await user.click(await screen.findByRole('option', { name: 'Voluum', hidden: true }));
    expect(urlInput().value).toBe(
      'https://YOUR-VOLUUM-DOMAIN/postback?cid={subid}&payout={payout}&txid={transaction_id}&currency={currency}',
    );
    expect(preview()).toBe(
      'https://YOUR-VOLUUM-DOMAIN/postback?cid=my_subid&payout=12.50&txid=TX-TEST-0001&currency=EUR',
    );
    // The select only fills the field: it keeps no value of its own, and a second choice replaces the URL.
    await user.click(screen.getByTestId('postback-preset'));
    await user.click(await screen.findByRole('option', { name: 'RedTrack', hidden: true }));
    expect(urlInput().value).toBe('https://YOUR-REDTRACK-DOMAIN/postback?clickid={subid}&sum={payout}');
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('says what each macro sends, {country}, {ip}, {sale_amount}, {currency} and {goal_name} included (decision 118)', async () => {
    fetchMock.mockResolvedValue(offers());
    renderWithProviders(<PostbackForm postback={null} onSaved={() => {}} onCancel={() => {}} />);
    const docs = screen.getByTestId('postback-macro-docs');
    expect(docs.tagName).toBe('DETAILS');
    expect(within(docs).getByText('What each macro sends').tagName).toBe('SUMMARY');
    for (const macro of POSTBACK_MACROS) {
      const row = screen.getByTestId(`postback-macro-doc-${macro}`);
      expect(within(row).getByRole('rowheader').textContent).toBe(`{${macro}}`);
      expect(within(row).getByRole('cell').textContent?.length).toBeGreaterThan(10);
    }
    expect(within(screen.getByTestId('postback-macro-doc-sale_amount')).getByRole('cell').textContent).toBe(
      'The sale amount the advertiser reported, a decimal in the same currency; empty without one. For a revenue share.',
    );
    expect(within(screen.getByTestId('postback-macro-doc-ip')).getByRole('cell').textContent).toBe(
      "The visitor's IP address at the click.",
    );
  });

  it('names unknown macros and refuses credentials and other schemes, keeping Save disabled', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(offers());
    renderWithProviders(<PostbackForm postback={null} onSaved={() => {}} onCancel={() => {}} />);
    await user.click(urlInput());
    await user.paste('https://tracker.example/pb?c={clickid}');
    expect(
      await screen.findByText('Unknown macro: {clickid}. Use only the macros listed under the field.'),
    ).toBeTruthy();
    expect(save().disabled).toBe(true);
    // The preview keeps the unknown macro as typed.
    expect(preview()).toBe('https://tracker.example/pb?c={clickid}');

    await user.clear(urlInput());
    await user.paste('https://me:pw@tracker.example/pb');
    expect(await screen.findByText('The URL must not contain a user name or password.')).toBeTruthy();
    await user.clear(urlInput());
    await user.paste('ftp://tracker.example/pb');
    expect(await screen.findByText('Please enter a valid URL (http:// or https://).')).toBeTruthy();
    expect(save().disabled).toBe(true);
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('sends the body and shows the server field errors under their fields', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        return errorOf(400, 'The request is invalid.', {
          'offers.0': 'You cannot run this offer.',
          subId: 'Must be at most 255 characters long.',
        });
      }
      return String(input).startsWith('/api/v1/offer') ? offers() : answerOf(postbacksEndpoints.create, saved(6));
    });
    renderWithProviders(<PostbackForm postback={null} onSaved={onSaved} onCancel={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'My tracker');
    await user.click(urlInput());
    await user.paste('https://tracker.example/pb?c={click_id}');
    await user.type(screen.getByLabelText('Sub-ID'), 'sub1');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());

    expect(await screen.findByText('You cannot run this offer.')).toBeTruthy();
    expect(screen.getByText('Must be at most 255 characters long.')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/v1/postback');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'My tracker',
      url: 'https://tracker.example/pb?c={click_id}',
      goalId: null,
      offers: [],
      subId: 'sub1',
      enabled: true,
    });
  });

  it('edits an existing postback with PUT and reports the saved message', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? answerOf(postbacksEndpoints.update, saved(5), { message: 'The postback has been saved.' })
        : offers(),
    );
    renderWithProviders(
      <PostbackForm
        postback={{
          id: 5,
          name: 'Old',
          partnerId: 1,
          subId: null,
          goalId: 3,
          goal: { id: 3, identifier: 'registration', name: 'Registration' },
          url: 'https://tracker.example/pb?c={click_id}',
          enabled: true,
          disabledReason: null,
          count: 0,
          offers: [{ id: 11, name: 'LunaDate – FR – SOI' }],
          createdAt: null,
          updatedAt: null,
        }}
        onSaved={onSaved}
        onCancel={() => {}}
      />,
    );
    expect((screen.getByTestId('postback-goal') as HTMLInputElement).value).toBe('Registration');
    await user.click(urlInput());
    await user.paste('&t={timestamp}');
    expect(preview()).toBe('https://tracker.example/pb?c=AZNhb2xDEMOclick00001&t=1767225600');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ message: 'The postback has been saved.' }));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/v1/postback/5');
    expect(JSON.parse(String(init?.body))).toMatchObject({ goalId: 3, offers: [11], name: 'Old', subId: null });
  });
});
