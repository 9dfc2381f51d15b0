import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offersEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { filtersForPreset, type Clock, type ReportFilters } from '../report-filters';
import { ReportFilterForm } from './report-filter-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith('/api/v1/config')) {
      const countries = [
        { isoCode: 'FR', name: 'France', flag: '🇫🇷' },
        { isoCode: 'DE', name: 'Germany', flag: '🇩🇪' },
        { isoCode: 'IT', name: 'Italy', flag: '🇮🇹' },
      ];
      return Promise.resolve(configAnswer({ countries }));
    }
    return Promise.resolve(answerOf(offersEndpoints.list, { list: [], total: 0 }, { total: 0 }));
  });
});
afterEach(() => vi.unstubAllGlobals());

// Mid-November 2026 at GMT+01:00: last month is October.
const clock: Clock = { now: new Date('2026-11-15T12:00:00Z'), offset: '+01:00' };

async function renderForm(initial: ReportFilters = filtersForPreset('last_month', clock)) {
  const onSubmit = vi.fn<(filters: ReportFilters) => void>();
  renderWithProviders(<ReportFilterForm initial={initial} clock={clock} onSubmit={onSubmit} />);
  return { onSubmit, range: (await screen.findByTestId('filter-dates', {}, { timeout: 10_000 })) as HTMLInputElement };
}

describe('ReportFilterForm: the country picker (decision 110)', () => {
  it('picks several countries by name, each with its SVG flag, and submits them', async () => {
    const { onSubmit } = await renderForm();
    const field = screen.getByTestId('filter-country');
    expect(screen.getByLabelText('Countries')).toBeTruthy();
    await userEvent.click(field);
    const france = await screen.findByRole('option', { name: 'France', hidden: true }, { timeout: 15_000 }); // loads on approach (decision 103)
    // The option's flag is an image file, never an emoji.
    expect(within(france).getByTestId('country-flag').tagName).toBe('IMG');
    expect(france.textContent).not.toMatch(/\p{Regional_Indicator}/u);
    await userEvent.click(france);
    await userEvent.click(await screen.findByRole('option', { name: 'Italy', hidden: true }));
    expect(screen.getByTestId('filter-pending')).toBeTruthy();
    await userEvent.click(screen.getByTestId('filter-submit'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ country: ['FR', 'IT'] }));
  });

  it('shows the countries of the address as chosen before its code loads', async () => {
    await renderForm({ ...filtersForPreset('last_month', clock), country: ['DE'] });
    expect(screen.getByText('Germany')).toBeTruthy();
  });
});

describe('ReportFilterForm: one range field', () => {
  it('shows the range day first in one labelled field, and a preset sets it and applies at once', async () => {
    const { onSubmit, range } = await renderForm();
    expect(screen.getByLabelText('Date range')).toBe(range);
    expect(range.value).toBe('01/10/2026 – 31/10/2026');
    expect(screen.queryByLabelText('Start date')).toBeNull();

    await userEvent.click(screen.getByTestId('filter-preset'));
    await userEvent.click(await screen.findByRole('option', { name: 'Yesterday', hidden: true }));
    await waitFor(() => expect(range.value).toBe('14/11/2026 – 14/11/2026'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ preset: 'yesterday', startDate: '2026-11-14', endDate: '2026-11-14' })); // prettier-ignore
  });

  it('reads a typed range, switches the preset to custom and waits for Submit', async () => {
    const { onSubmit, range } = await renderForm();
    await userEvent.clear(range);
    await userEvent.type(range, '03/10/2026 – 09/10/2026');
    expect(screen.getByTestId('filter-preset')).toHaveProperty('value', 'Custom');
    expect(screen.getByTestId('filter-pending').textContent).toMatch(/^Not applied yet/);
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('filter-submit'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ preset: 'custom', startDate: '2026-10-03', endDate: '2026-10-09' })); // prettier-ignore
  });

  it('names the preset a typed range is, and says when a range ends before it starts', async () => {
    const { range } = await renderForm(filtersForPreset('this_month', clock));
    await userEvent.clear(range);
    await userEvent.type(range, '01/10/2026 - 31/10/2026');
    expect(screen.getByTestId('filter-preset')).toHaveProperty('value', 'Last month');
    await userEvent.clear(range);
    await userEvent.type(range, '09/10/2026 – 03/10/2026');
    expect(screen.getByText('The end date is before the start date.')).toBeTruthy();
    expect(screen.getByTestId('filter-submit')).toHaveProperty('disabled', true);
    // Leaving the field with a half-typed range shows the range the form holds.
    await userEvent.type(range, '{Backspace}');
    expect(range.value).toBe('09/10/2026 – 03/10/202');
    await userEvent.tab();
    expect(range.value).toBe('09/10/2026 – 03/10/2026');
  });

  it('picks a range in one calendar: a start, then an end, then it closes', async () => {
    const { onSubmit, range } = await renderForm();
    // Its code loads on approach (decision 103). Already loaded by an earlier file of the worker, the calendar takes the
    // button's place as the pointer enters, and the rest of userEvent's click goes to the button that left (a real
    // pointer clicks what is under it): pressed again then.
    let calendar: HTMLElement | null = null;
    for (let attempt = 0; attempt < 3 && !calendar; attempt++) {
      await userEvent.click(screen.getByRole('button', { name: 'Pick the dates in a calendar' }));
      calendar = await screen.findByRole('dialog', { hidden: true }, { timeout: 5_000 }).catch(() => null);
    }
    if (!calendar) throw new Error('the calendar did not open');
    // It opens on the range's month, October.
    await userEvent.click(within(calendar).getByRole('button', { name: '6 October 2026', hidden: true }));
    // A start alone is not the form's yet.
    expect(range.value).toBe('01/10/2026 – 31/10/2026');
    await userEvent.click(within(calendar).getByRole('button', { name: '20 October 2026', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(range.value).toBe('06/10/2026 – 20/10/2026');
    expect(screen.getByTestId('filter-preset')).toHaveProperty('value', 'Custom');
    await userEvent.click(screen.getByTestId('filter-submit'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ preset: 'custom', startDate: '2026-10-06', endDate: '2026-10-20' })); // prettier-ignore
  });

  it('picks a range with the keyboard: the calendar opens on the start, arrows move, Enter picks', async () => {
    const { range } = await renderForm();
    screen.getByRole('button', { name: 'Pick the dates in a calendar' }).focus();
    await userEvent.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog', { hidden: true }, { timeout: 15_000 }); // its code loads on approach (decision 103)
    await waitFor(() => expect(document.activeElement).toBe(within(calendar).getByRole('button', { name: '1 October 2026', hidden: true }))); // prettier-ignore
    await userEvent.keyboard('{ArrowDown}{Enter}{ArrowRight}{ArrowRight}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(range.value).toBe('08/10/2026 – 10/10/2026');
  });
});
