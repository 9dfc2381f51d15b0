import fs from 'node:fs';
import path from 'node:path';
import { screenRouteOf } from '@portal/contracts';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/router';
import { screens } from '../src/lib/screens';
import { routeModulesOf } from './route-chunks';

const ROUTER = path.join(import.meta.dirname, '../src/app/router.tsx');
const table = routeModulesOf(fs.readFileSync(ROUTER, 'utf8'), screens);
const modulesOf = (pattern: string) => table.find((route) => route.path === pattern)?.modules;

/** Every route of the app's table that loads a screen of its own: its full pattern and its `lazy`, innermost. */
function lazyLeaves(list: readonly RouteObject[], parent = ''): { path: string; lazy: () => Promise<unknown> }[] {
  return list.flatMap((route) => {
    const full = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent === '/' ? '' : parent}/${route.path}`
      : parent;
    if (route.children) return lazyLeaves(route.children, full || parent);
    if (typeof route.lazy !== 'function' || route.path === '*') return [];
    return [{ path: full || '/', lazy: route.lazy as () => Promise<unknown> }];
  });
}

describe('the route → screen modules table (route-chunks.json, decision 151 addendum)', () => {
  it('names the daily screens’ modules, their layouts first', () => {
    expect(modulesOf('/offers')).toEqual(['./layouts/portal-layout', './routes/offers']);
    expect(modulesOf('/offer/:id')).toEqual(['./layouts/portal-layout', './routes/offer']);
    expect(modulesOf('/payments')).toEqual(['./layouts/portal-layout', './routes/payments']);
    expect(modulesOf('/staff')).toEqual(['./layouts/portal-layout', './routes/staff-home']);
    expect(modulesOf('/reports/:report')).toEqual([
      './layouts/portal-layout',
      './routes/reports',
      './routes/report-basic',
    ]);
    expect(modulesOf('/')).toEqual(['./layouts/portal-layout', './routes/dashboard']);
    expect(modulesOf('/no-such-screen')).toBeUndefined();
  });

  it('holds every lazy route of the router, each with the module its lazy loads', async () => {
    const leaves = lazyLeaves(routes);
    expect(leaves.length).toBeGreaterThan(40);
    expect(table.map((route) => route.path).sort()).toEqual(leaves.map((leaf) => leaf.path).sort());
    for (const leaf of leaves) {
      const modules = modulesOf(leaf.path);
      expect(modules, leaf.path).toBeDefined();
      const own = modules?.at(-1) ?? '';
      // What the route's lazy gives is what the table's module exports: a route loading another module fails here.
      const loaded = (await leaf.lazy()) as Record<string, unknown>;
      const exported = Object.values((await import(/* @vite-ignore */ `../src/app/${own}`)) as object);
      for (const value of Object.values(loaded)) expect(exported, `${leaf.path}: ${own}`).toContain(value);
    }
  }, 120_000);
});

/** The full pattern of the route React Router opens for an address, if it is a screen route of the table. */
function reactRouterPattern(address: string): string | null {
  const matches = matchRoutes(routes, address);
  const leaf = matches?.at(-1)?.route;
  if (!matches || !leaf || leaf.path === '*' || typeof leaf.lazy !== 'function') return null;
  let full = '';
  for (const { route } of matches)
    if (route.path) full = route.path.startsWith('/') ? route.path : `${full === '/' ? '' : full}/${route.path}`;
  return full || '/';
}

describe('the server picks the screen React Router opens (contracts screenRouteOf, decision 154)', () => {
  it('agrees with React Router’s matchRoutes for every route of the table and its neighbours', () => {
    const statics = [
      ...new Set(table.flatMap((route) => route.path.split('/').filter((s) => s && !s.startsWith(':')))),
    ];
    const addresses = new Set<string>(['/', '/no-such-screen', '/staff/no/such/screen', '/offer', '/offer/']);
    for (const route of table) {
      // Each parameter as a number, and as every static word of the table (`/staff/offers/new` against `:id`).
      for (const value of ['42', ...statics]) {
        const address = route.path.replace(/:[^/]+/g, value);
        addresses.add(address);
        addresses.add(`${address}/`);
        addresses.add(address.toUpperCase());
      }
    }
    const reversed = [...table].reverse();
    let screens = 0;
    for (const address of addresses) {
      const expected = reactRouterPattern(address);
      if (expected) screens += 1;
      // In the table's order and reversed: the rule must not lean on the order the build writes the routes in.
      expect(screenRouteOf(table, address)?.path ?? null, address).toBe(expected);
      expect(screenRouteOf(reversed, address)?.path ?? null, `${address} (table reversed)`).toBe(expected);
    }
    // The comparison is not empty: most addresses open a screen.
    expect(screens).toBeGreaterThan(table.length);
  });
});
