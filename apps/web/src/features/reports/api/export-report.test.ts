import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { exportReport, filenameFromDisposition } from './export-report';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CSV export', () => {
  it('reads the file name from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="daily-2026-02-01_2026-02-28.csv"', 'x.csv')).toBe(
      'daily-2026-02-01_2026-02-28.csv',
    );
    expect(filenameFromDisposition('attachment; filename=click.csv', 'x.csv')).toBe('click.csv');
    expect(
      filenameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`, 'x.csv'),
    ).toBe('résumé.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('.._.._etc_passwd');
    expect(filenameFromDisposition('attachment', 'x.csv')).toBe('x.csv');
    expect(filenameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });

  it("sends the session's bearer and answers the blob and its name", async () => {
    saveSession('tok-123', new Date(Date.now() + 60_000), false);
    fetchMock.mockResolvedValue(
      new Response('Date,Clicks\n01/02/2026,3\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="daily.csv"' },
      }),
    );
    const { blob, filename } = await exportReport('click', {
      startDate: '2026-02-01',
      offerId: 4,
      subid: 'a b',
      tc1: '',
    });
    expect(filename).toBe('daily.csv');
    expect(await blob.text()).toBe('Date,Clicks\n01/02/2026,3\n');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    // The report's filter without pagination; empty values dropped.
    expect(url).toBe('/api/v1/statistics/export/click?startDate=2026-02-01&offerId=4&subid=a+b');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it("fails with the server's message", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 400, message: 'Bad range', data: null, errors: null }), { status: 400 }),
    );
    await expect(exportReport('subid', {})).rejects.toThrow('Bad range');
  });
});
