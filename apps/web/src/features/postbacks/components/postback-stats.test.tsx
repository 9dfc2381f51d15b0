import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postbacksEndpoints, type EndpointWireData } from '@portal/contracts';
import { answerOf, renderWithProviders } from '@/test/render';
import { PostbackStats } from './postback-stats';

const fetchMock = vi.fn<typeof fetch>();
type Attempt = EndpointWireData<typeof postbacksEndpoints.stats>['attempts'][number];

const attempt = (id: number, deliveryId: string, extra: Partial<Attempt>): Attempt => ({
  id,
  deliveryId,
  conversionId: 40,
  test: false,
  attemptedAt: '2026-01-05T10:07:00.000Z',
  url: 'https://t.example/pb?click=abc&token=••••',
  httpStatus: 500,
  durationMs: 120,
  responseSnippet: 'Internal error',
  error: null,
  deliveryStatus: 'failed',
  success: false,
  ...extra,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('PostbackStats', { timeout: 30_000 }, () => {
  it('shows the counts and the attempt log, and re-sends a failed delivery', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? answerOf(postbacksEndpoints.resendDelivery, null, { message: 'The delivery will be sent again shortly.' })
        : answerOf(postbacksEndpoints.stats, {
            sent: 3,
            succeeded: 1,
            failed: 1,
            pending: 0,
            attemptsTotal: 3,
            attempts: [
              attempt(3, 'dead-1', { httpStatus: null, responseSnippet: null, error: 'timeout', durationMs: 10000 }),
              attempt(2, 'dead-1', { deliveryStatus: 'pending' }),
              attempt(1, 'good-1', {
                httpStatus: 200,
                success: true,
                deliveryStatus: 'succeeded',
                responseSnippet: 'OK',
              }),
            ],
          }),
    );
    renderWithProviders(<PostbackStats postbackId={9} />);
    expect((await screen.findByTestId('postback-stats-sent')).textContent).toBe('3');
    expect(screen.getByTestId('postback-stats-succeeded').textContent).toBe('1');
    expect(screen.getByTestId('postback-stats-failed').textContent).toBe('1');
    const rows = screen.getAllByTestId('postback-attempt-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Your server did not answer within 10 seconds.');
    expect(rows[0]!.textContent).toContain('token=••••');
    expect(rows[2]!.textContent).toContain('200');
    // Only the newest attempt of the failed delivery can be re-sent.
    expect(screen.getAllByTestId('postback-resend')).toHaveLength(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/postback/9/stats?page=1&count=20');

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('The delivery will be sent again shortly.')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => init?.method === 'POST' && url === '/api/v1/postback/deliveries/dead-1/resend',
        ),
      ).toBe(true),
    );
  });
});
