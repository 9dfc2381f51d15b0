import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints, staffNewsEndpoints, staffOffersEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffNews } from './staff-news';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const OFFER = {
  id: 12,
  name: 'LunaDate – FR – SOI',
  advertiser: { id: 1, name: 'Amora Group' },
  product: { id: 2, identifier: 'lunadate' },
  currency: 'EUR',
  conversionType: 'cpl',
  enabled: true,
  private: false,
  requireApproval: false,
  startsAt: null,
  endsAt: null,
  countries: ['FR'],
  goalCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function server(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
  if (url.startsWith('/api/v1/staff/offers')) return answerOf(staffOffersEndpoints.list, [OFFER], { total: 1 });
  if (url.startsWith('/api/v1/staff/partners')) return answerOf(staffEndpoints.listPartners, [], { total: 0 });
  if (init?.method === 'POST') {
    const body = JSON.parse(String(init.body));
    return answerOf(staffNewsEndpoints.create, {
      id: 5,
      ...body,
      imageId: null,
      image: null,
      state: body.publishedAt ? 'published' : 'draft',
      createdAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
    });
  }
  return answerOf(staffNewsEndpoints.list, [], { total: 0 });
}

describe('StaffNews', () => {
  it('writes a draft for the partners of an offer picked by search, previewing its HTML', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffNews />);
    await userEvent.click(await screen.findByTestId('staff-news-new'));
    const editor = await screen.findByTestId('staff-news-editor');
    await userEvent.type(within(editor).getByTestId('staff-news-title'), 'Bonus week');
    await userEvent.click(within(editor).getByTestId('staff-news-content'));
    await userEvent.paste('<p>Payouts <b>doubled</b></p>');
    expect(within(editor).getByTestId('staff-news-preview').querySelector('b')?.textContent).toBe('doubled');
    await userEvent.click(within(editor).getByText('Partners of offers'));
    const saveButton = within(editor).getByTestId('staff-news-save') as HTMLButtonElement;
    // An audience of offers needs at least one.
    expect(saveButton.disabled).toBe(true);
    await userEvent.click(within(editor).getByTestId('staff-news-audience-ids'));
    await userEvent.click(await screen.findByRole('option', { name: 'LunaDate – FR – SOI #12', hidden: true }));
    expect(saveButton.disabled).toBe(false);
    await userEvent.click(saveButton);
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      title: 'Bonus week',
      excerpt: '',
      content: '<p>Payouts <b>doubled</b></p>',
      imageId: null,
      publishedAt: null,
      audience: { kind: 'offers', offerIds: [12] },
    });
    expect(await screen.findByText('The news item was saved.')).toBeTruthy();
  });
});
