/**
 * The OpenAPI document, kept (decision 034): its paths, methods, parameters, bodies and answers, in a committed snapshot.
 * A change to any of them fails here with the operations that differ; when the change is meant, rewrite the snapshot
 * with `UPDATE_OPENAPI_SNAPSHOT=1 npx vitest run --project server apps/server/test/openapi-snapshot.test.ts` and
 * commit it with the change, so that every change of the API's shapes is seen in review.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';
import { inlineRefs } from './openapi-validator.js';

const API_ERROR = '#/components/schemas/ApiError';
const SNAPSHOT = fileURLToPath(new URL('./openapi.snapshot.json', import.meta.url));

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown;
};

/** Keys sorted at every level, so that the snapshot does not depend on the order things were declared in. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, sorted(inner)]),
    );
  }
  return value;
}

/** Each operation's shapes: what a client depends on (summaries and descriptions are left out). */
function shapesOf(built: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } }) {
  const document = inlineRefs(built, built.components?.schemas ?? {}, [API_ERROR]) as typeof built;
  const shapes: Record<string, unknown> = { [API_ERROR]: sorted(built.components?.schemas?.ApiError) };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      shapes[`${method.toUpperCase()} ${path}`] = sorted({
        parameters: (op.parameters ?? [])
          .map((p) => ({ in: p.in, name: p.name, required: p.required ?? false, schema: p.schema ?? null }))
          .sort((a, b) => `${a.in}${a.name}`.localeCompare(`${b.in}${b.name}`)),
        body: op.requestBody?.content ? Object.fromEntries(Object.entries(op.requestBody.content).map(([t, c]) => [t, c.schema ?? null])) : null,
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, r]) => [
            status,
            r.content ? Object.fromEntries(Object.entries(r.content).map(([t, c]) => [t, c.schema ?? null])) : null,
          ]),
        ),
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return sorted(shapes) as Record<string, unknown>;
} // prettier-ignore

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

it('keeps every path and shape of the OpenAPI document, as the committed snapshot has them', () => {
  const current = shapesOf(t.app.swagger() as never);
  if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') {
    fs.writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, 1)}\n`);
  }
  const kept = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as Record<string, unknown>;
  const added = Object.keys(current).filter((op) => !(op in kept));
  const removed = Object.keys(kept).filter((op) => !(op in current));
  const changed = Object.keys(current).filter(
    (op) => op in kept && JSON.stringify(current[op]) !== JSON.stringify(kept[op]),
  );
  expect(
    { added, removed, changed },
    'the API changed: if meant, rewrite the snapshot with UPDATE_OPENAPI_SNAPSHOT=1 and commit it',
  ).toEqual({ added: [], removed: [], changed: [] });
});
