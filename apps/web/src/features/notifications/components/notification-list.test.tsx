import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsEndpoints } from '@portal/contracts';
import { answerOf, renderWithProviders } from '@/test/render';
import { NotificationList } from './notification-list';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const notification = (id: number, title: string, readAt: string | null) => ({
  id,
  kind: 'application_decided',
  title,
  body: '',
  link: `/offer/${id}`,
  readAt,
  createdAt: '2025-08-04T10:00:00.000Z',
});

describe('NotificationList', () => {
  it('shows "Notifications (0)" and the empty state when there is none', async () => {
    fetchMock.mockResolvedValue(answerOf(notificationsEndpoints.list, { items: [], unread: 0 }, { total: 0 }));
    renderWithProviders(<NotificationList />);
    expect((await screen.findByTestId('page-title')).textContent).toBe('Notifications (0)');
    expect(screen.getByTestId('notifications-empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('counts the unread ones, marks one read and reloads', async () => {
    const user = userEvent.setup();
    let read = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' && url === '/api/v1/notifications/2/read') {
        read = true;
        return answerOf(notificationsEndpoints.markRead, notification(2, 'Approved', '2025-08-04T11:00:00.000Z'));
      }
      return answerOf(
        notificationsEndpoints.list,
        {
          items: [
            notification(2, 'Approved', read ? '2025-08-04T11:00:00.000Z' : null),
            notification(1, 'Older', '2025-08-04T09:00:00.000Z'),
          ],
          unread: read ? 0 : 1,
        },
        { total: 2 },
      );
    });
    renderWithProviders(<NotificationList />);
    expect((await screen.findByTestId('page-title')).textContent).toBe('Notifications (1)');
    const items = screen.getAllByTestId('notification');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(screen.getAllByRole('link', { name: 'Open' }).map((a) => a.getAttribute('href'))).toEqual([
      '/offer/2',
      '/offer/1',
    ]);
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Notifications (0)'));
    expect(screen.getAllByTestId('notification').map((i) => i.getAttribute('data-read'))).toEqual(['true', 'true']);
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/notifications/2/read' && init?.method === 'POST'),
    ).toBe(true);
  });
});
