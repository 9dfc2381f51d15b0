/**
 * A test app's embedded database, reused by the next app of the worker (test/pglite-reuse.ts, decision 157), starts as
 * the template does: what one file wrote (the append-only audit log and a reference table included) is gone, the ids
 * start where the template's do, and a database whose catalog a test changed is never handed on. On PostgreSQL every
 * app has its own database, so the same assertions hold without reuse.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, goals, partners } from '../src/db/schema.js';
import { buildTestApp, createPartner, createStaff, databaseKind, login, bearer, type TestApp } from './helper.js';

const reuses = databaseKind === 'pglite' && process.env.TEST_PGLITE_REUSE !== 'off' && process.env.TEST_PGLITE_WORKER !== 'on'; // prettier-ignore
const open: TestApp[] = [];
afterAll(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function tablesOf(t: TestApp) {
  const db = t.database.db;
  const [p] = await db.select({ n: count() }).from(partners);
  const [a] = await db.select({ n: count() }).from(auditLog);
  const goalRows = await db.select().from(goals).orderBy(goals.id);
  return { partners: p!.n, audit: a!.n, goals: goalRows };
}

describe('a test database handed to the next app', () => {
  it('holds nothing of the last app: no row, no audit entry, the reference data and the ids as in the template', async () => {
    const first = await buildTestApp();
    const template = await tablesOf(first);
    expect(template.partners).toBe(0);
    expect(template.goals.length).toBeGreaterThan(0);
    const partner = await createPartner(first);
    // A staff write (audited), and a reference row changed behind the API's back.
    const admin = await createStaff(first, 'ROLE_ADMIN');
    const token = await login(first, admin.email, admin.password);
    const suspended = await first.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/partners/${partner.partnerId}/status`,
      headers: bearer(token),
      payload: { status: 'suspended', reason: 'reuse test' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await first.database.db.update(goals).set({ name: 'changed by a test' }).where(eq(goals.id, template.goals[0]!.id));
    const written = await tablesOf(first);
    expect(written.audit).toBeGreaterThan(0);
    expect(written.goals).not.toEqual(template.goals);
    const database = first.database;
    await first.close();

    const second = await buildTestApp();
    open.push(second);
    if (reuses) expect(second.database, 'the closed app’s database is reused').toBe(database);
    expect(await tablesOf(second)).toEqual(template);
    const again = await createPartner(second);
    expect(again.partnerId, 'ids start where the template’s do').toBe(partner.partnerId);
  });

  it('never hands on a database whose catalog a test changed', async () => {
    const first = await buildTestApp();
    await first.database.db.execute(sql`create table reuse_test_table (x int)`);
    const database = first.database;
    await first.close();
    const second = await buildTestApp();
    open.push(second);
    expect(second.database).not.toBe(database);
    const found = await second.database.db.execute<{ name: string | null }>(
      sql`select to_regclass('reuse_test_table')::text as name`,
    );
    expect((found as unknown as { rows: { name: string | null }[] }).rows[0]?.name ?? null).toBeNull();
  });
});
