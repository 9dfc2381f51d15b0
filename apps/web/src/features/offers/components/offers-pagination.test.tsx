import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OffersPagination } from './offers-pagination';

const pagesShown = () => screen.getAllByTestId('pagination-page').map((button) => Number(button.textContent));

describe('OffersPagination', () => {
  it('shows the current page with at most five either side, and no edge pages or dots', () => {
    renderWithProviders(<OffersPagination page={12} totalPages={40} onChange={() => {}} />);
    expect(pagesShown()).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(screen.getByRole('button', { name: 'Page 12' }).getAttribute('aria-current')).toBe('page');
  });

  it('calls back with the page clicked, and with the neighbours for previous / next', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<OffersPagination page={2} totalPages={3} onChange={onChange} />);
    expect(pagesShown()).toEqual([1, 2, 3]);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByTestId('pagination-previous'));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByTestId('pagination-last'));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('is hidden when everything fits on one page', () => {
    renderWithProviders(<OffersPagination page={1} totalPages={1} onChange={() => {}} />);
    expect(screen.queryByTestId('offers-pagination')).toBeNull();
  });
});
