import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { partnerCapsEndpoints } from '@portal/contracts';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { CapWarnings } from './cap-warnings';

const fetchMock = vi.fn<typeof fetch>();
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const answer = (warnings: Parameters<typeof answerOf<typeof partnerCapsEndpoints.warnings>>[1]) =>
  fetchMock.mockImplementation(async (input) =>
    String(input).includes('/config') ? configAnswer() : answerOf(partnerCapsEndpoints.warnings, warnings),
  );

const render = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <CapWarnings />
      <p>after</p>
    </Suspense>,
  );

describe('CapWarnings (decision 105)', () => {
  it('names each cap at 80 % or more, what is left of the partner’s own, and links to the offer', async () => {
    answer([
      { offerId: 12, offerName: 'Royal Spin', scope: 'partner', metric: 'payout', period: 'day', percent: 91, currency: 'EUR', limit: 30_000, remaining: 2700, resetsAt: '2026-01-15T23:00:00.000Z' }, // prettier-ignore
      { offerId: 14, offerName: 'GoalRush', scope: 'offer', metric: 'clicks', period: 'month', percent: 80, currency: 'EUR', limit: null, remaining: null, resetsAt: null }, // prettier-ignore
    ]);
    render();
    const alert = await screen.findByTestId('cap-warnings');
    expect(alert.textContent).toContain('A cap you are under is nearly reached');
    const lines = screen.getAllByTestId('cap-warning').map((li) => plain(li.textContent));
    expect(lines).toEqual([
      'Royal Spin: daily payout cap at 91 % (27,00 € left)',
      'GoalRush: monthly clicks cap at 80 %',
    ]);
    expect(screen.getByRole('link', { name: 'Royal Spin' }).getAttribute('href')).toBe('/offer/12');
  });

  it('says a reached cap stops clicks, and shows nothing while no cap is near', async () => {
    answer([
      { offerId: 12, offerName: 'Royal Spin', scope: 'partner', metric: 'conversions', period: 'day', percent: 100, currency: 'EUR', limit: 5, remaining: 0, resetsAt: null }, // prettier-ignore
    ]);
    const { unmount } = render();
    expect((await screen.findByTestId('cap-warnings')).textContent).toContain('new clicks on its offer are refused');
    expect(plain(screen.getByTestId('cap-warning').textContent)).toBe('Royal Spin: daily conversions cap reached');
    unmount();
    answer([]);
    render();
    await screen.findByText('after');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('cap-warnings')).toBeNull();
  });
});
