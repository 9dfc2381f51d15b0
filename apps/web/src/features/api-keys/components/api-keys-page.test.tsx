import { screen, waitFor } from '@testing-library/react';
import { apiKeysEndpoints } from '@portal/contracts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOf, renderWithProviders } from '@/test/render';
import { ApiKeysPage } from './api-keys-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const KEY = `ppk_${'a'.repeat(43)}`;
const listed = {
  id: 7,
  name: 'Dashboard',
  prefix: KEY.slice(0, 12),
  scopes: ['reporting'],
  createdAt: '2025-08-04T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('ApiKeysPage', () => {
  it('says "No reporting." without a key, documents the header and links to the reference', async () => {
    fetchMock.mockResolvedValue(answerOf(apiKeysEndpoints.list, []));
    renderWithProviders(<ApiKeysPage />);
    expect((await screen.findByTestId('api-empty')).textContent).toBe('No reporting.');
    expect(screen.getByTestId('api-docs').textContent).toContain('Authorization: Bearer');
    expect(screen.getByTestId('api-docs-link').getAttribute('href')).toBe('/api/v1/docs');
  });

  it('creates a key, shows it once, then lists it without the key', async () => {
    const user = userEvent.setup();
    let created = false;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        created = true;
        return answerOf(
          apiKeysEndpoints.create,
          { ...listed, key: KEY },
          {
            message: 'Your API key has been created. Copy it now: it will not be shown again.',
          },
        );
      }
      return answerOf(apiKeysEndpoints.list, created ? [listed] : []);
    });
    renderWithProviders(<ApiKeysPage />);
    await screen.findByTestId('api-empty');
    await user.type(screen.getByLabelText(/^Key name/), 'Dashboard');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('api-key-value')).textContent).toBe(KEY);
    expect(JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')?.[1]?.body))).toEqual({
      name: 'Dashboard',
    });
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(1));
    expect(screen.queryByTestId('api-empty')).toBeNull();
    const row = screen.getByTestId('api-key-row');
    expect(row.textContent).toContain(KEY.slice(0, 12));
    expect(row.textContent).not.toContain(KEY);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('api-key-value')).toBeNull();
  });
});
