import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSearchEndpoints } from '@portal/contracts';
import { loadStaffTexts } from '@/lib/i18n';
import { saveSession } from '@/lib/session';
import { answerOf, renderWithProviders } from '@/test/render';
import { StaffSearch } from './staff-search';
import { StaffSearchBox } from './staff-search-box';

/** The staff top bar's search (decision 080): `/` focuses it, results come grouped, arrows and Enter open one. */
const fetchMock = vi.fn<typeof fetch>();

beforeAll(() => loadStaffTexts());
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      answerOf(staffSearchEndpoints.search, {
        partners: [{ id: 7, displayName: 'Alpha Media #7', email: 'alpha@example.test', status: 'active' }],
        offers: [{ id: 26, name: 'Luna Dating FR', enabled: false }],
        advertisers: null,
        conversions: [
          { id: 901, transactionId: 'TX-1', clickId: 'clk-1', status: 'approved', partnerDisplayName: 'Alpha Media #7', offerName: 'Luna Dating FR' }, // prettier-ignore
        ],
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the staff search box', () => {
  it('is focused by `/` from the page, not while typing in another field', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <>
        <input aria-label="Other field" />
        <StaffSearch />
      </>,
    );
    const box = screen.getByRole('textbox', { name: 'Search partners, offers, advertisers and conversions' });
    await user.click(screen.getByLabelText('Other field'));
    await user.keyboard('/');
    expect(document.activeElement).not.toBe(box);
    expect(screen.getByLabelText<HTMLInputElement>('Other field').value).toBe('/');
    await user.click(document.body);
    await user.keyboard('/');
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists the results grouped, and opens the one the arrows chose with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<StaffSearch />);
    const box = screen.getByRole('textbox', { name: 'Search partners, offers, advertisers and conversions' });
    await user.type(box, 'TX-1');
    await waitFor(() => expect(screen.getAllByTestId('staff-search-result')).toHaveLength(3));
    expect(screen.getByText('Partners')).toBeTruthy();
    expect(screen.getByText('Offers')).toBeTruthy();
    expect(screen.getByText('Conversions')).toBeTruthy();
    expect(screen.queryByText('Advertisers')).toBeNull();
    expect(screen.getByText('Disabled')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/staff/search');
    expect(url.searchParams.get('q')).toBe('TX-1');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/conversions'));
    expect(router.state.location.search).toBe('?q=901');
  });

  it('is drawn without the search, which comes on focus and takes the text typed meanwhile and the focus (decision 119)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StaffSearchBox />);
    const drawn = screen.getByRole('textbox', { name: 'Search partners, offers, advertisers and conversions' });
    // Not the search's field (a combobox's target, with its list), the drawn one.
    expect(drawn.getAttribute('aria-haspopup')).toBeNull();
    await user.click(document.body);
    await user.keyboard('/');
    // The drawn field, or already the search that took its place.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(drawn.getAttribute('aria-label'));
    await user.keyboard('TX-1');
    await waitFor(() => expect(screen.getByTestId('staff-search').getAttribute('aria-haspopup')).toBe('listbox'));
    const loaded = screen.getByTestId('staff-search');
    expect(document.activeElement).toBe(loaded);
    expect((loaded as HTMLInputElement).value).toBe('TX-1');
    await waitFor(() => expect(screen.getAllByTestId('staff-search-result')).toHaveLength(3));
  });
});
