import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPE_AHEAD_RESET_MS } from '@portal/contracts';
import { renderWithProviders } from '@/test/render';
import { TypeAheadSelect } from './type-ahead-select';

const DATA = [
  { value: 'net30', label: 'Net 30' },
  { value: 'net60', label: 'Net 60' },
  { value: 'off', label: 'Off', disabled: true },
  { value: 'weekly', label: 'Weekly' },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(value: string | null = null) {
  const onChange = vi.fn();
  renderWithProviders(
    <TypeAheadSelect label="Terms" data-testid="terms" data={DATA} value={value} onChange={onChange} />,
  );
  const input = screen.getByTestId('terms');
  const type = (keys: string) => {
    for (const key of keys) fireEvent.keyDown(input, { key });
  };
  return { onChange, type };
}

describe('TypeAheadSelect', () => {
  it('picks the first option whose label begins with the letters typed', () => {
    const { onChange, type } = setup();
    type('w');
    expect(onChange).toHaveBeenLastCalledWith('weekly', DATA[3]);
  });

  it('keeps adding to the prefix, spaces included, until 800 ms pass without a key', () => {
    const { onChange, type } = setup();
    type('n');
    expect(onChange).toHaveBeenLastCalledWith('net30', DATA[0]);
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS - 1));
    type('et 6');
    expect(onChange).toHaveBeenLastCalledWith('net60', DATA[1]);
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS));
    type('n');
    expect(onChange).toHaveBeenLastCalledWith('net30', DATA[0]);
  });

  it('skips disabled options, ignores keys that print nothing, and does not re-pick the current value', () => {
    const { onChange, type } = setup('net30');
    type('o');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('terms'), { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByTestId('terms'), { key: 'w', ctrlKey: true });
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS));
    type('n');
    expect(onChange).not.toHaveBeenCalled();
  });
});
