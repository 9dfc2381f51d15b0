import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { configAnswer, renderWithProviders } from '@/test/render';
import { MainMenu } from './main-menu';

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(configAnswer())),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the menu’s footer (decision 082)', () => {
  it('says when the partner itself agreed to the terms, in the app’s date format', async () => {
    renderWithProviders(
      <MainMenu accountManager={null} termsAgreedAt={new Date('2026-03-02T09:00:00Z')} roles={['ROLE_PARTNER']} />,
    );
    expect((await screen.findByTestId('terms-agreed')).textContent).toBe('Terms last agreed 02/03/2026');
  });

  it('says no date to staff, who agreed to none', async () => {
    renderWithProviders(<MainMenu accountManager={null} roles={['ROLE_ADMIN']} />);
    expect(await screen.findByTestId('terms-link')).toBeTruthy();
    expect(screen.queryByTestId('terms-agreed')).toBeNull();
  });
});
