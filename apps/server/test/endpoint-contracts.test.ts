import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as allContracts from '@portal/contracts';
import { API_PREFIX, type EndpointDefinition } from '@portal/contracts';
import { buildTestApp, type TestApp } from './helper.js';

/** Every `<domain>Endpoints` object the contracts export: a new one is checked without being listed (decision 034). */
const contracts = Object.fromEntries(
  Object.entries(allContracts).filter(([name]) => name.endsWith('Endpoints')),
) as Record<string, Record<string, EndpointDefinition>>;
const endpoints = Object.entries(contracts).flatMap(([group, list]) =>
  Object.entries(list).map(([name, endpoint]) => ({ name: `${group}.${name}`, endpoint })),
);

describe('endpoint contracts', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, { summary?: string }>> };
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` })).json();
  });
  afterAll(async () => t?.close());

  it.each(endpoints)('serves $name at its method and path, documented from its contract', ({ endpoint }) => {
    // A contract the web can call must have its route: no endpoint defined in contracts and left unserved.
    expect(t.app.hasRoute({ method: endpoint.method, url: `${API_PREFIX}${endpoint.path}` })).toBe(true);
    const documented = document.paths[`${API_PREFIX}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`];
    expect(documented?.[endpoint.method.toLowerCase()]?.summary).toBe(endpoint.summary);
  });
});
