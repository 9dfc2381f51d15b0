import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsEndpoints, postbacksEndpoints } from '@portal/contracts';
import { ApiKeyList } from '@/features/api-keys/components/api-key-list';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { PostbackSecret } from '@/features/postbacks/components/postback-secret';
import { PostbackStats } from '@/features/postbacks/components/postback-stats';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { configQueryOptions } from '@/lib/config';
import { userZone } from '@/lib/user-zone';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

// 26/11/2026 23:31 UTC: 27/11 at GMT+01:00, 26/11 18:31 at GMT-05:00.
const MOMENT = '2026-11-26T23:31:00.000Z';

/** GET /config says the user's zone; every other call gets `answer`. */
function answering(timezone: string | null, answer: (url: string) => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/config')) {
      const base = (await configAnswer().json()) as { data: { user: Record<string, unknown> } };
      return configAnswer({ user: { ...base.data.user, timezone } as never });
    }
    return answer(url);
  });
}

/** Renders a screen as the guarded layout does: the configuration loaded first. */
async function renderSignedIn(ui: React.ReactElement) {
  const rendered = renderWithProviders(ui);
  await rendered.queryClient.fetchQuery(configQueryOptions());
  return rendered;
}

describe('userZone', () => {
  it('writes a moment on the offset’s clock and names the zone', () => {
    const zone = userZone('-05:00');
    expect(zone.name).toBe('GMT-05:00');
    expect(zone.moment(new Date(MOMENT))).toBe('26/11/2026 18:31');
    expect(zone.day(new Date(MOMENT))).toBe('26/11/2026');
    expect(zone.named(new Date(MOMENT))).toBe('26/11/2026 18:31 (GMT-05:00)');
    expect(userZone('+01:00').named(new Date(MOMENT))).toBe('27/11/2026 00:31 (GMT+01:00)');
    // No stored zone is UTC, as the API says; never the browser's.
    expect(userZone(null).named(new Date(MOMENT))).toBe('26/11/2026 23:31 (GMT+00:00)');
    expect(userZone('+01:00').moment(null)).toBe('');
  });
});

describe('the partner’s screens read times in the stored zone (decision 112)', { timeout: 30_000 }, () => {
  it('the postback log: each attempt on the user’s clock, the zone in the column header', async () => {
    answering('+01:00', () =>
      answerOf(postbacksEndpoints.stats, {
        sent: 1,
        succeeded: 1,
        failed: 0,
        pending: 0,
        attemptsTotal: 1,
        attempts: [
          {
            id: 1,
            deliveryId: 'd-1',
            conversionId: 40,
            test: false,
            attemptedAt: MOMENT,
            url: 'https://t.example/pb',
            httpStatus: 200,
            durationMs: 90,
            responseSnippet: 'OK',
            error: null,
            deliveryStatus: 'succeeded',
            success: true,
          },
        ],
      }),
    );
    await renderSignedIn(<PostbackStats postbackId={9} />);
    const row = await screen.findByTestId('postback-attempt-row');
    await waitFor(() => expect(row.textContent).toContain('27/11/2026 00:31'));
    expect(screen.getByRole('columnheader', { name: 'Time (GMT+01:00)' })).toBeTruthy();
  });

  it('the API keys: created and last used on the user’s clock, the zone in the headers', async () => {
    answering('-05:00', () => answerOf(notificationsEndpoints.list, { items: [], unread: 0 }, { total: 0 }));
    await renderSignedIn(
      <ApiKeyList
        keys={[
          { id: 1, name: 'Tracker', prefix: 'pk_1', createdAt: new Date(MOMENT), lastUsedAt: null, revokedAt: null },
        ]}
      />,
    );
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Created (GMT-05:00)' })).toBeTruthy());
    expect(screen.getByRole('columnheader', { name: 'Last used (GMT-05:00)' })).toBeTruthy();
    expect(screen.getByTestId('api-key-row').textContent).toContain('26/11/2026 18:31');
  });

  it('the signing secret: its creation named with the zone', async () => {
    answering('+01:00', () => answerOf(postbacksEndpoints.secret, { secret: 's3cret', rotatedAt: MOMENT }));
    await renderSignedIn(<PostbackSecret />);
    expect(await screen.findByText('Created 27/11/2026 00:31 (GMT+01:00)')).toBeTruthy();
  });

  it('the notifications: each one’s time on the user’s clock, named', async () => {
    answering('-05:00', () =>
      answerOf(
        notificationsEndpoints.list,
        {
          items: [
            { id: 1, kind: 'cap_reached', title: 'Cap at 80 %', body: '', link: null, readAt: null, createdAt: MOMENT },
          ],
          unread: 1,
        },
        { total: 1 },
      ),
    );
    await renderSignedIn(<NotificationList />);
    const item = await screen.findByTestId('notification');
    await waitFor(() => expect(item.textContent).toContain('26/11/2026 18:31 (GMT-05:00)'));
  });
});
