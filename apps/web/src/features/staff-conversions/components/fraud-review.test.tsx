import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversionReviewEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { fetchMock, row } from './conversion-test-rows';
import { FraudReview } from './fraud-review';

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const EVIDENCE = {
  clickIp: '3.5.140.2',
  asn: 16509,
  asnName: 'Amazon.com, Inc.',
  hosting: true,
  clickCountry: 'FR',
  conversionCountry: 'VN',
  conversionIp: '14.160.0.1',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/137.0 Safari/537.36',
  browser: 'Chrome 137',
  os: 'Windows 10',
  device: 'desktop',
  clickFlags: ['dataCentre'],
  secondsToConvert: 2,
  minSecondsToConvert: 10,
  ipConversions: 4,
  baselineRate: 0.01,
  recentRate: 0.05,
};
const HELD = [
  row({ id: 61, status: 'pending', reason: 'fraud_review', signals: ['tooFast', 'countryMismatch', 'flaggedClick'], evidence: EVIDENCE }), // prettier-ignore
  row({ id: 62, status: 'pending', reason: 'fraud_review', signals: ['ipConversions'], evidence: { ...EVIDENCE, hosting: false, asn: null, asnName: null, clickFlags: [] } }), // prettier-ignore
];
const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method ?? 'GET', body: init?.body })); // prettier-ignore

function serve(list = HELD, total = 2) {
  fetchMock.mockImplementation((url) => {
    const address = String(url);
    if (address.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ACCOUNT_MANAGER'] }));
    if (address === '/api/v1/staff/conversions/decisions')
      return Promise.resolve(answerOf(conversionReviewEndpoints.decide, { decided: 2, unchanged: 0 }));
    return Promise.resolve(answerOf(conversionReviewEndpoints.list, list, { total }));
  });
}
const text = (element: HTMLElement) => element.textContent?.replace(/\s/gu, ' ');

describe('FraudReview (decision 108)', () => {
  it('lists the held conversions with their signals in words and their evidence', async () => {
    serve();
    renderWithProviders(<FraudReview />, { path: '/staff/fraud-review' });
    const rows = await screen.findAllByTestId('fraud-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('fraud-total').textContent).toBe('2 conversions held for review');
    // The queue is the search's held conversions, oldest first, the scope applied by the server.
    expect(calls().find((c) => c.url.startsWith('/api/v1/staff/conversions?'))!.url).toBe(
      '/api/v1/staff/conversions?status=pending&reason=fraud_review&page=1&count=20&sort=time&order=asc',
    );
    const first = rows[0]!;
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Converted sooner after the click than the goal allows',
      "The country at conversion is not the click's",
      'The click was flagged by a click rule',
    ]);
    expect(within(first).getByTestId('fraud-evidence-ip').textContent).toContain('3.5.140.2');
    expect(within(first).getByTestId('fraud-evidence-hosting').textContent).toBe('Hosting network');
    expect(text(within(first).getByTestId('fraud-evidence-countries'))).toBe('Country: FR at click, VN at conversion');
    expect(text(within(first).getByTestId('fraud-evidence-agent'))).toBe('Browser: Chrome 137 · Windows 10 · desktop');
    expect(text(within(first).getByTestId('fraud-evidence-time'))).toBe('Time to convert: 2 s (the goal asks at least 10 s)'); // prettier-ignore
    expect(text(within(first).getByTestId('fraud-evidence-rates'))).toBe('Conversion rate: 5,00 % in the last 24 h, usually 1,00 %'); // prettier-ignore
    expect(within(rows[1]!).queryByTestId('fraud-evidence-hosting')).toBeNull();
  });

  it('selects several and declines them with a reason in one decision', async () => {
    serve();
    renderWithProviders(<FraudReview />, { path: '/staff/fraud-review' });
    await screen.findAllByTestId('fraud-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select conversion 61' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select conversion 62' }));
    expect(screen.getByTestId('fraud-selected').textContent).toContain('2 conversions selected');
    await userEvent.click(screen.getByTestId('fraud-decline'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Decline 2 conversions?')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('staff-conversion-decline-reason'));
    await userEvent.click(await screen.findByRole('option', { name: 'fraud', hidden: true }));
    await userEvent.click(within(dialog).getByTestId('staff-conversion-decision-confirm'));
    await waitFor(() => expect(calls().some((c) => c.url === '/api/v1/staff/conversions/decisions')).toBe(true));
    const post = calls().find((c) => c.url === '/api/v1/staff/conversions/decisions')!;
    expect(JSON.parse(String(post.body))).toEqual({ ids: [61, 62], status: 'rejected', reason: 'fraud' });
    await waitFor(() => expect(screen.queryByTestId('fraud-bulk')).toBeNull());
  });

  it('says so when nothing is held', async () => {
    serve([], 0);
    renderWithProviders(<FraudReview />, { path: '/staff/fraud-review' });
    expect((await screen.findByTestId('fraud-empty')).textContent).toBe(
      'Nothing is waiting for review: no conversion was held by the traffic rules.',
    );
  });
});
