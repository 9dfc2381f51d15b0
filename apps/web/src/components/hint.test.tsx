import { Stack } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Hint } from './hint';

describe('Hint', () => {
  it('shows while a pointer is over its target, which it then describes, and hides on leaving', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Hint label="Declined on review" width={280}>
        <Stack tabIndex={0} data-testid="target">
          Rejected
        </Stack>
      </Hint>,
    );
    const target = screen.getByTestId('target');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(target);
    const hint = screen.getByRole('tooltip');
    expect(hint.textContent).toBe('Declined on review');
    expect(hint.style.visibility).toBe('visible');
    expect(target.getAttribute('aria-describedby')).toBe(hint.id);
    // A scroll under it moves it with its target rather than hiding it.
    fireEvent.scroll(window);
    expect(screen.getByRole('tooltip').style.visibility).toBe('visible');
    await user.unhover(target);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(target.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows while its target has the focus, hides on Escape and on leaving it, and keeps the target’s own handlers', async () => {
    const user = userEvent.setup();
    let focused = 0;
    renderWithProviders(
      <Hint label="code_sale">
        <span tabIndex={0} onFocus={() => (focused += 1)} data-testid="target">
          Sale
        </span>
      </Hint>,
    );
    await user.tab();
    expect(screen.getByRole('tooltip').textContent).toBe('code_sale');
    expect(focused).toBe(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('tooltip').style.visibility).toBe('visible');
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on a move of a pointer that was already over its target when it appeared', () => {
    renderWithProviders(
      <Hint label="Duplicate">
        <span data-testid="target">Rejected</span>
      </Hint>,
    );
    fireEvent.pointerMove(screen.getByTestId('target'));
    expect(screen.getByRole('tooltip').textContent).toBe('Duplicate');
  });

  it('shows nothing when disabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Hint label="Sale" disabled>
        <span data-testid="target">Sale</span>
      </Hint>,
    );
    await user.hover(screen.getByTestId('target'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
