import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creativesEndpoints, offersEndpoints, type EndpointWireData } from '@portal/contracts';
import { answerOf, configAnswer, errorOf, partnerFixture, renderWithProviders } from '@/test/render';
import { OfferDetail } from './offer-detail';

const fetchMock = vi.fn<typeof fetch>();

const config = (partner: ReturnType<typeof partnerFixture> | null = null) =>
  configAnswer({
    partner,
    countries: [
      { isoCode: 'FR', name: 'France', flag: '🇫🇷' },
      { isoCode: 'BE', name: 'Belgium', flag: '🇧🇪' },
    ],
  });

type Offer = EndpointWireData<typeof offersEndpoints.get>;

function offer(partnerStatus: Offer['partnerStatus'], requireApproval = true): Offer {
  return {
    id: 7,
    name: 'SecureHome – FR – Quote',
    conversionType: 'cpl',
    descriptionHtml: '<p>Quotes <strong>only</strong></p><script>alert(1)</script>',
    descriptionText: 'Quotes only',
    previewUrl: null,
    defaultUrl: 'https://x.example',
    currency: { isoCode: 'EUR' },
    countries: ['FR', 'BE'],
    verticals: [1, 2],
    verticalItems: [
      { id: 1, identifier: 'finance', name: 'Finance' },
      { id: 2, identifier: 'insurance', name: 'Insurance' },
    ],
    private: false,
    requireApproval,
    enabled: true,
    image: '/api/v1/image/3',
    payout: { goal: 'registration', amount: 1250, percent: null, currency: 'EUR' },
    payouts: [{ goal: 'registration', name: 'Registration', amount: 1250, percent: null, currency: 'EUR', main: true }],
    epc: { own: null, network: null },
    partnerStatus,
    application: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const render = (id: number | null) =>
  renderWithProviders(
    <Suspense fallback={null}>
      <OfferDetail id={id} />
    </Suspense>,
  );

describe('OfferDetail', () => {
  it('shows the rows, the 250×250 image and a sanitised description', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      return url.includes('/config') ? config() : answerOf(offersEndpoints.get, offer('public'));
    });
    render(7);
    expect(await screen.findByTestId('offer-detail')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('SecureHome – FR – Quote');
    expect(screen.getByTestId('offer-detail-image').getAttribute('src')).toBe('/api/v1/image/3?w=250&h=250&c=1');
    const value = (row: string) => within(screen.getByTestId(`offer-detail-${row}`)).getByTestId('value').textContent;
    expect(value('payout-type')).toBe('CPL');
    expect(value('payout')).toMatch(/^12,50\s€$/u);
    expect(value('vertical')).toBe('Finance / Insurance');
    expect(value('approval-status')).toBe('Public');
    expect(screen.queryByRole('button', { name: 'Apply to Run' })).toBeNull();
    // One goal: the Payout row says it all, no Goals row.
    expect(screen.queryByTestId('offer-detail-goals')).toBeNull();
    const description = screen.getByTestId('offer-description');
    expect(description.querySelector('strong')?.textContent).toBe('only');
    expect(description.innerHTML).not.toContain('script');
  });

  it('lists every goal with what it pays the partner when there are several (decision 050)', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/config')) return config();
      return answerOf(offersEndpoints.get, {
        ...offer('public'),
        payouts: [
          { goal: 'registration', name: 'Registration', amount: 1250, percent: null, currency: 'EUR', main: true },
          { goal: 'sale', name: 'Sale', amount: null, percent: 1000, currency: 'EUR', main: false },
        ],
      });
    });
    render(7);
    const goals = await screen.findByTestId('offer-detail-goals');
    expect(
      within(goals)
        .getAllByTestId('offer-goal-payout')
        .map((line) => line.textContent?.replace(/\s/gu, ' ')),
    ).toEqual(['Registration: 12,50 €', 'Sale: Variable (10,00 %)']);
  });

  it("shows the partner its own caps with what is left and the offer's as available, resets in its time zone", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/config'))
        return configAnswer({ user: { id: 1, email: 'p@example.test', firstname: 'Alex', lastname: 'User', displayName: 'Alex User', roles: ['ROLE_PARTNER'], timezone: '+01:00' } }); // prettier-ignore
      return answerOf(offersEndpoints.get, {
        ...offer('active'),
        caps: [
          { scope: 'partner', metric: 'conversions', period: 'day', limit: 50, remaining: 12, resetsAt: '2026-11-25T23:00:00.000Z' }, // prettier-ignore
          { scope: 'partner', metric: 'payout', period: 'month', limit: 150000, remaining: 2550, resetsAt: '2026-11-30T23:00:00.000Z' }, // prettier-ignore
          { scope: 'offer', metric: 'clicks', period: 'total', status: 'capped', resetsAt: null },
        ],
      });
    });
    render(7);
    const lines = (await screen.findAllByTestId('offer-detail-cap')).map((line) => line.textContent);
    expect(lines[0]).toBe('Conversions per day · 12 left of 50 · resets 26/11/2026 00:00 (GMT+01:00)');
    expect(lines[1]).toMatch(
      /^Payout per month · 25,50\s€ left of 1\s500,00\s€ · resets 01\/12\/2026 00:00 \(GMT\+01:00\)$/u,
    );
    expect(lines[2]).toBe('Clicks in total · Offer-wide cap reached: traffic is refused until it resets');
  });

  it('applies: the button is disabled during the call, then the status is reloaded as pending', async () => {
    const user = userEvent.setup();
    let status: Offer['partnerStatus'] = 'apply_to_run';
    let finishPost: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/config')) return config();
      if (init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ offerId: 7 });
        return new Promise<Response>((resolve) => (finishPost = resolve));
      }
      return answerOf(offersEndpoints.get, offer(status));
    });
    render(7);
    const button = await screen.findByRole('button', { name: 'Apply to Run' });
    await user.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    status = 'pending';
    finishPost(
      answerOf(offersEndpoints.apply, {
        id: 1,
        partnerId: 1,
        status: 'pending',
        subid: null,
        offer: { id: 7, name: 'x' },
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    expect(await screen.findByText('Your application to this offer is pending.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('offer-detail-approval-status')).getByTestId('value').textContent).toBe(
        'Pending',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Apply to Run' })).toBeNull();
  });

  it('shows not-found for no id, without calling the API', async () => {
    render(null);
    expect(screen.getByTestId('offer-not-found')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows not-found when the API answers 404', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/config') ? config() : errorOf(404, 'Offer not found.'),
    );
    render(987654);
    expect(await screen.findByTestId('offer-not-found')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Offer not found');
  });

  describe('tracking link', () => {
    const partner = partnerFixture({ id: 42, paymentCurrency: 'EUR' });
    const serve = (body: Offer, extra: { creatives?: unknown[]; landingPages?: unknown[] } = {}) =>
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        if (url.includes('/config')) return config(partner);
        if (url.includes('/creatives')) return answerOf(creativesEndpoints.partnerList, (extra.creatives ?? []) as never); // prettier-ignore
        if (url.includes('/landing-pages')) return answerOf(creativesEndpoints.partnerLandingPages, (extra.landingPages ?? []) as never); // prettier-ignore
        return answerOf(offersEndpoints.get, body);
      });

    it('builds the click URL with the partner id and the filled values, and copies it', async () => {
      const user = userEvent.setup();
      serve(offer('public', false));
      render(7);
      const url = await screen.findByTestId('tracking-link-url');
      const origin = window.location.origin;
      expect(url.textContent).toBe(`${origin}/click?offer_id=7&aff_id=42`);
      await user.type(within(screen.getByTestId('tracking-link')).getByLabelText('SubID'), 'spring sale');
      await user.type(within(screen.getByTestId('tracking-link')).getByLabelText('Tracker 2'), 'a&b');
      const expected = `${origin}/click?offer_id=7&aff_id=42&subid=spring%20sale&tc2=a%26b`;
      expect(url.textContent).toBe(expected);
      const copy = screen.getByRole('button', { name: 'Copy' });
      await user.click(copy);
      expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
      expect(await navigator.clipboard.readText()).toBe(expected);
    });

    it('lets the partner pick a landing page, and copies a creative with that very link inside (decision 050)', async () => {
      const user = userEvent.setup();
      serve(offer('public', false), {
        landingPages: [{ id: 44, name: 'Quiz funnel', preview: null, previewUrl: 'https://x.example/quiz' }],
        creatives: [{ id: 5, offerId: 7, kind: 'html', name: 'Button', image: null, imageId: null, width: null, height: null, html: '<a href="{tracking_link}">Go</a>', text: null, createdAt: '2026-11-25T10:00:00.000Z' }], // prettier-ignore
      });
      render(7);
      const origin = window.location.origin;
      await user.click(await screen.findByTestId('tracking-link-landing-page'));
      await user.click(await screen.findByRole('option', { name: 'Quiz funnel', hidden: true }));
      const expected = `${origin}/click?offer_id=7&aff_id=42&lp=44`;
      expect(screen.getByTestId('tracking-link-url').textContent).toBe(expected);
      expect(screen.getByTestId('tracking-link-landing-page-open').getAttribute('href')).toBe('https://x.example/quiz');
      const copy = await screen.findByTestId('offer-creative-copy');
      expect(copy.getAttribute('data-code')).toBe(`<a href="${expected}">Go</a>`);
      await user.click(copy);
      expect(await navigator.clipboard.readText()).toBe(`<a href="${expected}">Go</a>`);
    });

    it('gives the link for an offer requiring approval once the application is active', async () => {
      serve(offer('active'));
      render(7);
      expect(await screen.findByTestId('tracking-link-url')).toBeTruthy();
      expect(screen.queryByTestId('tracking-link-unavailable')).toBeNull();
    });

    it.each([
      ['pending', 'waiting for approval'],
      ['refused', 'was refused'],
      ['apply_to_run', 'apply to run it first'],
    ] as [Offer['partnerStatus'], string][])(
      'says why there is no link when the application is %s',
      async (status, text) => {
        serve(offer(status));
        render(7);
        const reason = await screen.findByTestId('tracking-link-unavailable');
        expect(reason.textContent).toContain(text);
        expect(screen.queryByTestId('tracking-link-url')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
      },
    );
  });
});
