import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoneyMinor, type ConversionRow } from '@portal/contracts';
import { RowCards } from '@/components/row-cards';
import { renderWithProviders } from '@/test/render';
import { conversionCells } from '../report-rows';
import { ConversionCard } from './conversion-card';

const row: ConversionRow = {
  id: 11,
  offer: { id: 3, name: 'Offer 3' },
  date: '2026-03-02T10:15:00+00:00',
  goal: 'sale',
  goalName: 'Sale',
  clickId: 'c1',
  clickDate: '2026-03-02T10:00:00+00:00',
  transactionId: null,
  country: 'FR',
  subid: 'sub-a',
  tc1: null,
  tc2: 'camp-7',
  tc3: null,
  tc4: null,
  revenue: { currency: 'EUR', amount: 150 },
  status: 'approved',
  reason: null,
  reversalReason: null,
  declineReason: null,
  signals: [],
  note: 'Half refunded.',
  originalPayout: { currency: 'EUR', amount: 400 },
  changedAt: '2026-03-05T09:00:00+00:00',
};

describe('a conversion as a card on a phone (decision 095)', () => {
  it('heads the card with the offer and lists status, payout, goal and date first, then what is set', () => {
    renderWithProviders(
      <RowCards label="Conversions">
        <ConversionCard row={conversionCells(row)} />
      </RowCards>,
    );
    const card = screen.getByTestId('report-row');
    expect(card.dataset.id).toBe('11');
    expect(within(card).getByRole('heading', { name: 'Offer 3' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Offer 3' }).getAttribute('href')).toBe('/offer/3');
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms.slice(0, 4)).toEqual(['Status', 'Revenue', 'Goal', 'Date']);
    // Unset trackers are left out; the set ones keep their names.
    expect(terms.slice(4)).toEqual(['Conversion ID', 'Country', 'SubID', 'Tracker 2']);
    // The click's country by its SVG flag, no emoji (decision 110).
    expect(within(card).getByTestId('country-flag').tagName).toBe('IMG');
    expect(within(card).getByTestId('report-status').textContent).toBe('Approved');
    // The payout changed after the fact reads as one sentence, as in the table.
    expect(within(card).getByTestId('report-amounts-label').textContent).toBe(
      `Adjusted from ${formatMoneyMinor(400, 'EUR')} to ${formatMoneyMinor(150, 'EUR')}`,
    );
    expect(within(card).getByTestId('report-note').textContent).toBe('Note: Half refunded.');
  });
});
