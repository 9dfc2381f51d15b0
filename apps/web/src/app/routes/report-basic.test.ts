import { describe, expect, it } from 'vitest';
import { reportBasicLoader } from './report-basic';

const args = (report: string | undefined) =>
  ({
    request: new Request(`http://localhost/reports/${report ?? ''}`),
    params: { report },
    context: {},
    unstable_pattern: '',
  }) as unknown as Parameters<typeof reportBasicLoader>[0];

describe('basic report route', () => {
  it('serves daily and subid', () => {
    expect(reportBasicLoader(args('daily'))).toEqual({ report: 'daily' });
    expect(reportBasicLoader(args('subid'))).toEqual({ report: 'subid' });
  });

  it('sends an unknown report type to the daily report', () => {
    for (const report of ['weekly', 'DAILY', 'conversions', undefined]) {
      let thrown: unknown;
      try {
        reportBasicLoader(args(report));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get('Location')).toBe('/reports/daily');
    }
  });
});
