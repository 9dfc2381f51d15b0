import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advertiserPortalEndpoints, type EndpointWireData } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { AdvertiserSetup } from './advertiser-setup';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

type Setup = EndpointWireData<typeof advertiserPortalEndpoints.setup>[number];
const setup = (hit: Setup['lastHit']): Setup => ({
  offerId: 7, offerName: 'Shoes', tagOrigins: ['https://shop.example'], tagClickParam: 'click_id',
  landing: '<script src="https://t.example/sdk.js" data-offer-id="7" async></script>',
  goals: [{ goal: 'sale', name: 'Sale', trustClientConversions: false, s2s: 'https://t.example/postback?token=own-token&goal=sale', javascript: '<script>portal.conversion()</script>', image: '<img src="x">', iframe: '<iframe src="y"></iframe>' }],
  lastHit: hit,
}); // prettier-ignore

function answer(hit: Setup['lastHit'] = null) {
  fetchMock.mockImplementation((url, init) => {
    const href = String(url);
    if (href.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ADVERTISER'] }));
    if (href.includes('/advertiser/offers/7/setup')) return Promise.resolve(answerOf(advertiserPortalEndpoints.offerSetup, setup({ createdAt: '2026-11-27T10:00:00.000Z', channel: 'tag', origin: 'https://shop.example', outcome: 'recorded', status: 'pending', reason: null, goal: 'sale' }))); // prettier-ignore
    if (href.includes('/advertiser/test-postback')) {
      const body = JSON.parse(String(init?.body)) as { click_id: string };
      return Promise.resolve(answerOf(advertiserPortalEndpoints.testPostback, body.click_id === 'known' ? { status: 'approved', reason: null, duplicate: false, goalCode: 'sale' } : { status: 'rejected', reason: 'unknown_click', duplicate: false, goalCode: 'sale' })); // prettier-ignore
    }
    return Promise.resolve(answerOf(advertiserPortalEndpoints.setup, [setup(hit)]));
  });
}

describe('the advertiser’s set-up (decision 100)', () => {
  it('shows its offers’ snippets with its own S2S URL, copy buttons, and no hit yet', async () => {
    answer();
    renderWithProviders(<AdvertiserSetup />);
    expect((await screen.findByTestId('advertiser-tag-setup-s2s')).textContent).toContain('token=own-token');
    expect(screen.getByTestId('advertiser-tag-setup-landing').textContent).toContain('data-offer-id="7"');
    expect(screen.getAllByRole('button', { name: 'Copy' }).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByTestId('advertiser-tag-last-hit').textContent).toContain('No hit from the tag or a pixel yet.');
    expect(screen.getByTestId('advertiser-tag-setup-offer').textContent).toContain(
      'Allowed origins: https://shop.example',
    );
  });

  it('checks the installation from the keyboard: polls its offer’s set-up and shows the hit', async () => {
    answer();
    renderWithProviders(<AdvertiserSetup />);
    const check = await screen.findByRole('button', { name: 'Check my installation' });
    check.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('advertiser-tag-last-hit').textContent).toContain('Last hit 27/11/2026'),
    );
    expect(screen.getByTestId('advertiser-tag-last-hit').textContent).toContain(
      'by Tag from https://shop.example: Recorded, pending',
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/advertiser/offers/7/setup');
    expect(screen.getByRole('button', { name: 'Stop watching' })).toBeTruthy();
  });

  it('tests a postback and shows what it would answer, never a payout; a missing click id is a field error', async () => {
    answer();
    renderWithProviders(<AdvertiserSetup />);
    await screen.findByTestId('advertiser-tag-setup-s2s');
    await userEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect((await screen.findAllByText('This field is required.', { exact: false })).length).toBeGreaterThan(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Click ID/ }), 'known');
    await userEvent.type(screen.getByRole('textbox', { name: /Goal/ }), 'Sale');
    await userEvent.click(screen.getByRole('button', { name: 'Test' }));
    await waitFor(() => expect((screen.getByTestId('advertiser-test-postback-result')).textContent).toContain('Would be approved (—). Your postback must send goal=sale.')); // prettier-ignore
    expect(screen.getByTestId('advertiser-test-postback-result').textContent).not.toMatch(/pay/i);
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/test-postback'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ click_id: 'known', goal: 'Sale' });
  });
});
