import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FoldingFilters } from './folding-filters';
import { PHONE_QUERY, RowCard, RowCards } from './row-cards';

const desktopMatchMedia = window.matchMedia;

/** Makes the window as narrow as a phone for the phone query. */
function phoneWidth() {
  window.matchMedia = ((query: string) => ({
    ...desktopMatchMedia(query),
    matches: query === PHONE_QUERY,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

describe('RowCards and RowCard (decision 095)', () => {
  it('is a labelled list of cards, each with a heading and its values under their column names, in order', () => {
    renderWithProviders(
      <RowCards label="Conversions" testId="cards">
        <RowCard
          title="Offer 3"
          fields={[
            { key: 'status', label: 'Status', value: 'Approved' },
            { key: 'revenue', label: 'Payout', value: '4,00 €', money: true, testId: 'money' },
            { key: 'note', label: 'Note', value: 'long', wide: true },
          ]}
          data-testid="card"
        />
        <RowCard title="Totals" emphasis fields={[]} headingOrder={2} />
      </RowCards>,
    );
    const list = screen.getByRole('list', { name: 'Conversions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const card = screen.getByTestId('card');
    expect(within(card).getByRole('heading', { level: 3, name: 'Offer 3' })).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Status', 'Payout', 'Note']);
    expect(
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Approved', '4,00 €', 'long']);
    expect(screen.getByTestId('money').closest('[data-money]')).not.toBeNull();
    expect(screen.getByText('long').closest('[data-wide]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Totals' })).toBeTruthy();
  });
});

function Filters({ count = 2 }: { count?: number }) {
  const [applied, setApplied] = useState('a');
  return (
    <FoldingFilters count={count} appliedKey={applied}>
      <form data-testid="the-form">
        <button type="button" onClick={() => setApplied('b')}>
          Apply
        </button>
      </form>
    </FoldingFilters>
  );
}

describe('FoldingFilters (decision 095)', () => {
  it('shows the form as it is on a wide window', () => {
    renderWithProviders(<Filters />);
    expect(screen.getByTestId('the-form')).toBeTruthy();
    expect(screen.queryByTestId('filters-toggle')).toBeNull();
  });

  it('folds the form behind "Filters (n)" on a phone, opens it, and closes it once filters are applied', async () => {
    phoneWidth();
    renderWithProviders(<Filters />);
    const toggle = await screen.findByRole('button', { name: 'Filters (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const region = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(region).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Filters (2)' }).getAttribute('aria-expanded')).toBe('false');
  });
});
