import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { configAnswer, renderWithProviders } from '@/test/render';
import { TopBar } from './top-bar';

/**
 * The bar's compact menu (below `md`; jsdom draws both layouts): its button is drawn without Mantine's Menu, which
 * loads when a pointer comes near or the focus arrives (decision 059), and must then behave as a menu that was there
 * from the start.
 */
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  // A staff member: no partner, so no unread count is asked for; the bar's links are account settings only.
  fetchMock.mockImplementation(() => Promise.resolve(configAnswer({ roles: ['ROLE_ADMIN'] })));
});
afterEach(() => vi.unstubAllGlobals());

async function setup() {
  renderWithProviders(
    <Suspense fallback={null}>
      <button type="button">Before</button>
      <TopBar menuOpened={false} onToggleMenu={() => undefined} />
    </Suspense>,
  );
  const button = await screen.findByRole('button', { name: 'Account and notifications menu' });
  return { button, user: userEvent.setup() };
}

const items = () => screen.queryAllByRole('menuitem');

describe('the top bar’s compact menu', () => {
  it('is drawn closed, as a menu button, before anything comes near it', async () => {
    const { button } = await setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(items()).toEqual([]);
  });

  it('tapped before its menu has loaded (a touch screen: no pointer came near), opens once it has: account settings and logout', async () => {
    const { button } = await setup();
    fireEvent.click(button);
    await waitFor(() => expect(items().map((item) => item.textContent)).toEqual(['Account settings', 'Logout']));
    const loaded = screen.getByRole('button', { name: 'Account and notifications menu' });
    expect(loaded).not.toBe(button);
    expect(loaded.getAttribute('aria-expanded')).toBe('true');
  });

  it('pressed, and its menu arrives before the release: busy until the release, then open (the click that ends the press does not close it)', async () => {
    const { button } = await setup();
    fireEvent.pointerDown(button, { button: 0 });
    expect(button.getAttribute('aria-busy')).toBe('true');
    // The menu's code is here, but the press is not over: the drawn button stays, so the release's click lands on it.
    await import('./compact-menu');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('button', { name: 'Account and notifications menu' })).toBe(button);
    expect(items()).toEqual([]);
    fireEvent.pointerUp(button, { button: 0 });
    fireEvent.click(button);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Account and notifications menu' })).not.toBe(button);
  });

  it('a secondary press opens nothing', async () => {
    const { button } = await setup();
    fireEvent.pointerDown(button, { button: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(items()).toEqual([]);
  });

  it('from the keyboard: the loaded button takes the focus, Enter opens, the arrows reach the items, Escape gives the focus back', async () => {
    const { button, user } = await setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    // Tab through the bar (the burger, the logo, the links …) until the menu's button has the focus.
    const label = () => document.activeElement?.getAttribute('aria-label');
    for (let i = 0; i < 20 && label() !== 'Account and notifications menu'; i += 1) await user.tab();
    expect(label()).toBe('Account and notifications menu');
    // The focus loaded the menu, whose button took the place, and the focus, of the one drawn before.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account and notifications menu' })).not.toBe(button),
    );
    const loaded = screen.getByRole('button', { name: 'Account and notifications menu' });
    await waitFor(() => expect(document.activeElement).toBe(loaded));
    expect(items()).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Account settings'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Logout'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(items()).toEqual([]));
    await waitFor(() => expect(document.activeElement).toBe(loaded));
  });
});
