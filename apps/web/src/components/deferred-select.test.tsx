import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DeferredMultiSelect, DeferredSelect, loadSelect, loadTypeAheadSelect } from './deferred-select';

const DATA = [
  { value: 'week', label: 'Week' },
  { value: 'year', label: 'Year' },
];

const COUNTRIES = [
  { value: 'all', label: 'All countries' },
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
];

function setup(load = vi.fn(loadSelect)) {
  const onChange = vi.fn();
  renderWithProviders(
    <>
      <button type="button">Before</button>
      <DeferredSelect load={load} label="Period" data={DATA} value="week" onChange={onChange} data-testid="period" />
    </>,
  );
  return { load, onChange };
}

describe('DeferredSelect', () => {
  it('a type-ahead select takes the letters typed before its code came: they pick their option at once', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DeferredSelect load={loadTypeAheadSelect} label="Period" data={DATA} value="week" onChange={onChange} />,
    );
    const field = screen.getByRole('combobox', { name: 'Period' });
    fireEvent.keyDown(field, { key: 'y' });
    expect(onChange).toHaveBeenCalledWith('year', { value: 'year', label: 'Year' });
    // Not a type-ahead one: a letter does nothing.
    const plain = vi.fn();
    renderWithProviders(<DeferredSelect load={loadSelect} label="Plain" data={DATA} value="week" onChange={plain} />);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Plain' }), { key: 'y' });
    expect(plain).not.toHaveBeenCalled();
  });

  it('is drawn closed as the select is, without loading it', () => {
    const { load } = setup();
    const field = screen.getByRole('combobox', { name: 'Period' });
    expect(field).toHaveProperty('value', 'Week');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.dataset.testid).toBe('period');
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  });

  it('from the keyboard: the focus loads the select, which takes the focus; Enter opens it and picks', async () => {
    const user = userEvent.setup();
    const { load, onChange } = setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    const placeholder = screen.getByRole('combobox', { name: 'Period' });
    await user.tab();
    expect(load).toHaveBeenCalledTimes(1);
    // The loaded select replaced the field and has the focus.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Period' })).not.toBe(placeholder));
    const select = screen.getByRole('combobox', { name: 'Period' });
    await waitFor(() => expect(document.activeElement).toBe(select));
    await user.keyboard('{ArrowDown}');
    const year = await screen.findByRole('option', { name: 'Year', hidden: true });
    expect(year).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('year', expect.objectContaining({ value: 'year' })));
  });

  it('searchable, what is typed after tabbing in replaces the value, as in a field that was there from the start', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <button type="button">Before</button>
        <DeferredSelect load={loadSelect} label="Country" data={COUNTRIES} value="all" searchable />
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    const placeholder = screen.getByRole('combobox', { name: 'Country' });
    await user.tab();
    await waitFor(() => expect(document.activeElement).not.toBe(placeholder));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Country' })));
    await user.keyboard('Ger');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveProperty('value', 'Ger');
    expect(await screen.findByRole('option', { name: 'Germany', hidden: true })).toBeTruthy();
  });

  it('clicked while it loads, it opens once loaded', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    expect(await screen.findByRole('option', { name: 'Year', hidden: true })).toBeTruthy();
  });

  it('stays as it is when the code does not come, and tries again on the next approach', async () => {
    const user = userEvent.setup();
    let online = false;
    const load = vi.fn(() => (online ? loadSelect() : Promise.reject(new Error('offline'))));
    setup(load);
    const field = screen.getByRole('combobox', { name: 'Period' });
    await user.click(field);
    await waitFor(() => expect(load).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox', { name: 'Period' })).toBe(field);
    expect(screen.queryByRole('option', { name: 'Year', hidden: true })).toBeNull();

    online = true;
    await user.click(document.body);
    await user.click(field);
    expect(await screen.findByRole('option', { name: 'Year', hidden: true })).toBeTruthy();
  });

  it('pressed while its code is on its way: busy until it comes, however long, then open (decision 103)', async () => {
    const user = userEvent.setup();
    let arrive: () => void = () => undefined;
    const load = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)).then(loadSelect));
    setup(load);
    const field = screen.getByRole('combobox', { name: 'Period' });
    expect(field.getAttribute('aria-busy')).toBe('false');
    await user.click(field);
    expect(field.getAttribute('aria-busy')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('option', { name: 'Year', hidden: true })).toBeNull();
    arrive();
    expect(await screen.findByRole('option', { name: 'Year', hidden: true })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('DeferredMultiSelect', () => {
  it('is drawn closed with its values as pills, without loading; clicked, it opens once loaded', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DeferredMultiSelect label="Countries" data={COUNTRIES} value={['FR', 'DE']} data-testid="countries" />,
    );
    const field = screen.getByTestId('countries');
    expect(field.getAttribute('role')).toBe('combobox');
    expect(screen.getByText('France')).toBeTruthy();
    expect(screen.getByText('Germany')).toBeTruthy();
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    await user.click(field);
    expect(await screen.findByRole('option', { name: 'All countries', hidden: true })).toBeTruthy();
  });
});
