import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@portal/contracts';
import { hasAnyRole } from '@/lib/roles';
import { areaAllows, menuItems, menuItemsFor, screenAllowed, screens, type Screen } from '@/lib/screens';
import type { RouteHandle } from './route-handle';
import { allowed, routes } from './router';

/** A concrete address of a screen's pattern. */
const sample = (path: string) => path.replace(':id', '12').replace(':report', 'daily');

/** The handles of the routes an address matches, outermost first. */
function handlesOf(pathname: string): RouteHandle[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) =>
    match.route.handle ? [match.route.handle as RouteHandle] : [],
  );
}

const ROLE_SETS: readonly (readonly string[])[] = [
  [],
  ['ROLE_PARTNER'],
  ...STAFF_ROLES.map((role) => [role]),
  ['ROLE_PARTNER', 'ROLE_ADMIN'],
];

describe('the screen table and the router', () => {
  it('routes every screen at its path with its title and roles', () => {
    for (const [name, screen] of Object.entries(screens) as [string, Screen][]) {
      const handles = handlesOf(sample(screen.path));
      const own = handles.at(-1);
      expect(own?.title, name).toBe(screen.title);
      expect(own?.roles, name).toEqual(screen.roles);
      expect(own?.anyRoles, name).toEqual(screen.anyRoles);
    }
  });

  it('loads every screen lazily, its component and loader from its own route module (decision 048)', async () => {
    for (const [name, screen] of Object.entries(screens) as [string, Screen][]) {
      const matches = matchRoutes(routes, sample(screen.path)) ?? [];
      // The screen's own route: the innermost with a handle (/reports ends on its index, a redirect).
      const route = matches.findLast((match) => match.route.handle)?.route;
      expect(route?.element, name).toBeUndefined();
      expect(route?.Component, name).toBeUndefined();
      expect(typeof route?.lazy, name).toBe('function');
      const loaded = await (route?.lazy as () => Promise<RouteObject>)();
      expect(typeof loaded.Component, name).toBe('function');
    }
    // The signed-in shell too: a guest's sign-in page never downloads the menu or the top bar.
    const portal = routes[0]?.children?.find((route) => route.id === 'portal');
    expect(portal?.element).toBeUndefined();
    expect(typeof portal?.lazy).toBe('function');
  });

  it('opens each screen to the same roles as the table says', () => {
    for (const [name, screen] of Object.entries(screens) as [string, Screen][]) {
      for (const roles of ROLE_SETS) {
        expect(allowed(sample(screen.path), roles), `${name} ${roles.join()}`).toBe(screenAllowed(screen, roles));
      }
    }
  });
});

describe('the money screens (decision 073)', () => {
  it('open to admins and finance only: account and team managers are sent home', () => {
    for (const path of [
      '/staff/payments-out',
      '/staff/payments-out/12',
      '/staff/advertiser-invoices',
      '/staff/ledger',
    ]) {
      expect(allowed(path, ['ROLE_ADMIN']), path).toBe(true);
      expect(allowed(path, ['ROLE_FINANCE']), path).toBe(true);
      expect(allowed(path, ['ROLE_ACCOUNT_MANAGER']), path).toBe(false);
      expect(allowed(path, ['ROLE_TEAM_MANAGER']), path).toBe(false);
    }
  });
});

describe('the main menu and the router', () => {
  it('leads every menu entry to a signed-in route that the same roles open', () => {
    expect(menuItems.map((item) => item.testId)).toEqual([
      'menu-dashboard',
      'menu-offers',
      'menu-reports',
      'menu-payments',
      'menu-postbacks',
      'menu-myAccount',
      'menu-staffHome',
      'menu-staffPartners',
      'menu-staffApplications',
      'menu-staffDocuments',
      'menu-staffConversions',
      'menu-staffFraudReview',
      'menu-staffScrubs',
      'menu-staffOffers',
      'menu-staffReports',
      'menu-staffAdvertisers',
      'menu-staffNews',
      'menu-staffGoals',
      'menu-staffTraffic',
      'menu-staffBilling',
      'menu-staffInvoices',
      'menu-staffPaymentsOut',
      'menu-staffAdvertiserInvoices',
      'menu-staffLedger',
      'menu-staffUsers',
      'menu-staffAuditLog',
      'menu-advertiserConversions',
      'menu-advertiserOffers',
      'menu-advertiserPostbacks',
      'menu-advertiserInvoices',
      'menu-advertiserScrubs',
      'menu-advertiserSetup',
    ]);
    for (const item of menuItems) {
      const matches = matchRoutes(routes, item.to) ?? [];
      // The advertiser portal has its own layout (decision 087).
      const layout = item.screen.area === 'advertiser' ? 'advertiser' : 'portal';
      expect(
        matches.some((match) => match.route.id === layout),
        item.to,
      ).toBe(true);
      expect(matches.at(-1)?.route.path ?? '', item.to).not.toBe('*');
      for (const roles of ROLE_SETS) {
        expect(menuItemsFor(roles).includes(item), `${item.testId} for ${roles.join() || 'no role'}`).toBe(
          allowed(item.to, roles) && areaAllows(item.screen.area, roles) && hasAnyRole(item.anyRoles, roles),
        );
      }
    }
  });

  it('gives partners the portal’s menu and staff the console’s, each role its own entries', () => {
    const ids = (roles: string[]) => menuItemsFor(roles).map((item) => item.testId);
    expect(ids(['ROLE_PARTNER'])).toEqual([
      'menu-dashboard',
      'menu-offers',
      'menu-reports',
      'menu-payments',
      'menu-postbacks',
      'menu-myAccount',
    ]);
    expect(ids(['ROLE_ADMIN'])).toEqual([
      'menu-staffHome',
      'menu-staffPartners',
      'menu-staffApplications',
      'menu-staffDocuments',
      'menu-staffConversions',
      'menu-staffFraudReview',
      'menu-staffScrubs',
      'menu-staffOffers',
      'menu-staffReports',
      'menu-staffAdvertisers',
      'menu-staffNews',
      'menu-staffGoals',
      'menu-staffTraffic',
      'menu-staffBilling',
      'menu-staffInvoices',
      'menu-staffPaymentsOut',
      'menu-staffAdvertiserInvoices',
      'menu-staffLedger',
      'menu-staffUsers',
      'menu-staffAuditLog',
    ]);
    expect(ids(['ROLE_ACCOUNT_MANAGER'])).toEqual([
      'menu-staffHome',
      'menu-staffPartners',
      'menu-staffApplications',
      'menu-staffDocuments',
      'menu-staffConversions',
      'menu-staffFraudReview',
      'menu-staffScrubs',
      'menu-staffOffers',
      'menu-staffReports',
    ]);
    expect(ids(['ROLE_FINANCE'])).toEqual([
      'menu-staffHome',
      'menu-staffConversions',
      'menu-staffFraudReview',
      'menu-staffScrubs',
      'menu-staffOffers',
      'menu-staffReports',
      'menu-staffBilling',
      'menu-staffInvoices',
      'menu-staffPaymentsOut',
      'menu-staffAdvertiserInvoices',
      'menu-staffLedger',
    ]);
  });
});
