import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

/** A screen whose every navigation waits for its loader, as the guarded layout's does, until the test lets it go. */
function setup(useParams: typeof useAddressParams | typeof useSearchParams) {
  const waiting: (() => void)[] = [];
  let hold = false;
  function Screen() {
    const [params, setParams] = useParams();
    const set = (key: string, value: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      });
    return (
      <>
        <output data-testid="shown">{params.toString()}</output>
        <button onClick={() => set('q', null)}>Clear</button>
        <button onClick={() => set('status', 'pending')}>Pending</button>
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => (hold ? new Promise<null>((resolve) => waiting.push(() => resolve(null))) : null),
        shouldRevalidate: () => true,
        Component: Screen,
      },
    ],
    { initialEntries: ['/?q=TX1'] },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    holdLoaders: () => (hold = true),
    release: async () => act(async () => waiting.splice(0).forEach((go) => go())),
  };
}

describe('useAddressParams', () => {
  it('starts a change from the address the router is going to, not the one the screen last rendered', async () => {
    const user = userEvent.setup();
    const { router, holdLoaders, release } = setup(useAddressParams);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('q=TX1'));
    holdLoaders();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    // The clear is under way (its loader waits); the screen still shows the old address.
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByTestId('shown').textContent).toBe('q=TX1');
    await user.click(screen.getByRole('button', { name: 'Pending' }));
    await release();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.search).toBe('?status=pending');
  });

  it("React Router's own update, in the same steps, brings the cleared text back (why the hook exists)", async () => {
    const user = userEvent.setup();
    const { router, holdLoaders, release } = setup(useSearchParams);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('q=TX1'));
    holdLoaders();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Pending' }));
    await release();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.search).toBe('?q=TX1&status=pending');
  });
});
