import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversionScrubsEndpoints, type EndpointWireData } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { ScrubPage } from './scrub-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const line = { conversionId: 11, status: 'approved', partnerName: 'Kestrel Digital #3', currency: 'EUR', payout: 400, revenue: 600 } as const; // prettier-ignore
const SCRUB: EndpointWireData<typeof conversionScrubsEndpoints.get> = {
  id: 5,
  advertiserId: 4,
  advertiserName: 'Amora Group',
  fileName: 'amora-may.csv',
  source: 'staff',
  note: null,
  status: 'previewed',
  preview: {
    counts: { lines: 4, found: 2, alreadyRejected: 0, unknown: 1, errors: 1 },
    partners: [
      { partnerId: 3, partnerName: 'Kestrel Digital #3', currency: 'EUR', conversions: 1, payout: 400, revenue: 600 },
      { partnerId: 7, partnerName: 'Bluebird Apps #7', currency: 'USD', conversions: 1, payout: 250, revenue: 500 },
    ],
    samples: {
      found: [{ line: 2, transactionId: 'ORD-1', reason: 'refund', note: null, ...line }],
      alreadyRejected: [],
      unknown: [{ line: 3, transactionId: 'ORD-X', reason: 'other', note: null, conversionId: null, status: null, partnerName: null, currency: null, payout: null, revenue: null }], // prettier-ignore
      errors: [{ line: 4, transactionId: '', error: 'emptyId', message: 'The transaction id is empty.' }],
    },
  },
  result: null,
  createdById: 1,
  createdAt: '2026-11-27T06:00:00.000Z',
  appliedById: null,
  appliedAt: null,
};
const APPLIED: EndpointWireData<typeof conversionScrubsEndpoints.get> = {
  ...SCRUB,
  status: 'applied',
  result: { reversed: 2, skipped: 0, alreadyRejected: 0, unknown: 1 },
  appliedById: 1,
  appliedAt: '2026-11-27T06:05:00.000Z',
};

describe('ScrubPage', () => {
  it('shows the preview, confirms the count and the money per currency, then applies', async () => {
    let applied = false;
    fetchMock.mockImplementation((url, init) => {
      const path = String(url);
      if (path.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_FINANCE'] }));
      if (path.endsWith('/apply') && init?.method === 'POST') {
        applied = true;
        return Promise.resolve(answerOf(conversionScrubsEndpoints.apply, { scrub: APPLIED, alreadyApplied: false }));
      }
      return Promise.resolve(answerOf(conversionScrubsEndpoints.get, applied ? APPLIED : SCRUB));
    });
    renderWithProviders(<ScrubPage id={5} />);
    expect((await screen.findByTestId('staff-scrub-count-found')).textContent).toContain('2');
    expect(screen.getByTestId('staff-scrub-stakes').textContent).toContain('Kestrel Digital #3');
    expect(screen.getByTestId('staff-scrub-errors').textContent).toContain('The transaction id is empty.');
    expect(screen.getByTestId('staff-scrub-unknown').textContent).toContain('ORD-X');

    await userEvent.click(screen.getByTestId('staff-scrub-apply'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This reverses 2 conversions at once');
    const totals = within(dialog).getByTestId('staff-scrub-apply-totals').textContent ?? '';
    expect(totals).toMatch(/1 conversion: payout 4,00\s€, revenue 6,00\s€/);
    expect(totals).toMatch(/payout 2,50\s\$US/);
    await userEvent.click(within(dialog).getByTestId('staff-scrub-apply-confirm'));
    await waitFor(() => expect(applied).toBe(true));
    expect(await screen.findByText('2 conversions were reversed.')).toBeTruthy();
    expect((await screen.findByTestId('staff-scrub-result')).textContent).toContain(
      '2 conversions reversed, 0 skipped',
    );
  });
});
