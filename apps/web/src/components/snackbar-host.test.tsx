import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showSnackbar } from '@/lib/snackbar';
import { SnackbarHost } from './snackbar-host';

function renderHost() {
  return render(
    <MantineProvider>
      <SnackbarHost />
    </MantineProvider>,
  );
}

describe('SnackbarHost', () => {
  it('draws nothing, and loads no stack, while no snackbar has been posted', () => {
    renderHost();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
  });

  it('loads the stack with the first snackbar and shows it at the top centre, closable', async () => {
    renderHost();
    act(() => {
      showSnackbar({ kind: 'error', message: 'Access denied.' });
    });
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar.textContent).toContain('Access denied.');
    expect(snackbar.getAttribute('data-kind')).toBe('error');
    const stack = document.querySelector('.mantine-Notifications-root[data-position="top-center"]');
    expect(stack).not.toBeNull();
    expect(stack?.contains(snackbar)).toBe(true);
    expect(within(snackbar).getByRole('button').closest('[data-testid="snackbar"]')).toBe(snackbar);
  });

  it('shows a snackbar posted before it was drawn (a page that fails while loading)', async () => {
    showSnackbar({ kind: 'warning', message: 'Posted before the host.' });
    renderHost();
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar.textContent).toContain('Posted before the host.');
  });
});
