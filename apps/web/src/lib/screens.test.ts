import { describe, expect, it } from 'vitest';
import { childPath, menuItems, screens } from './screens';

describe('childPath', () => {
  it('gives a screen path relative to its parent route', () => {
    expect(childPath(screens.offer)).toBe('offer/:id');
    expect(childPath(screens.dashboard)).toBe('');
    expect(childPath(screens.reportClick, screens.reports)).toBe('click');
    expect(childPath(screens.report, screens.reports)).toBe(':report');
  });

  it('refuses a screen outside its parent', () => {
    expect(() => childPath(screens.payments, screens.reports)).toThrow('/payments is not under /reports/');
  });
});

describe('menuItems', () => {
  it('lists the entries in order, Reports opening the default report', () => {
    expect(menuItems.map((item) => item.to)).toEqual([
      '/',
      '/offers',
      '/reports/daily',
      '/payments',
      '/tools/postbacks',
      '/my-account',
      '/staff',
      '/staff/partners',
      '/staff/applications',
      '/staff/documents',
      '/staff/conversions',
      '/staff/fraud-review',
      '/staff/conversions/scrubs',
      '/staff/offers',
      '/staff/reports',
      '/staff/advertisers',
      '/staff/news',
      '/staff/goals',
      '/staff/traffic',
      '/staff/billing',
      '/staff/invoices',
      '/staff/payments-out',
      '/staff/advertiser-invoices',
      '/staff/ledger',
      '/staff/users',
      '/staff/audit-log',
      '/advertiser',
      '/advertiser/offers',
      '/advertiser/postbacks',
      '/advertiser/invoices',
      '/advertiser/scrubs',
      '/advertiser/setup',
    ]);
  });
});
