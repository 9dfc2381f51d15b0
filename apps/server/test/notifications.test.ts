import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsEndpoints } from '@portal/contracts';
import { notifications, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { notifyPartner, type NewNotification } from '../src/modules/notifications/notify.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  sentMails,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';

describe('notifications', () => {
  let t: TestApp;
  const clock = testClock(new Date('2025-08-04T10:00:00Z'));
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(async () => t?.close());

  const notify = (n: NewNotification, publicUrl?: string) =>
    t.database.db.transaction((tx) => notifyPartner(tx, n, publicUrl ? { publicUrl } : {}));
  const list = (token: string, query: CallInput<typeof notificationsEndpoints.list>['query'] = {}) =>
    callEndpoint(t.app, notificationsEndpoints.list, { query }, token);
  const markRead = (token: string, id: number | undefined) =>
    callEndpoint(t.app, notificationsEndpoints.markRead, { params: { id: id! } }, token);
  const markAllRead = (token: string) => callEndpoint(t.app, notificationsEndpoints.markAllRead, {}, token);
  const unread = async (token: string) =>
    okBody(await callEndpoint(t.app, notificationsEndpoints.unreadCount, {}, token)).data.unread as number;

  /** Another user of the same partner, with some preferences switched off. */
  async function colleagueOf(partnerId: number, preferences: Partial<typeof users.$inferInsert> = {}) {
    const email = `colleague-${randomBytes(4).toString('hex')}@example.test`;
    await t.database.db.insert(users).values({
      email,
      passwordHash: await hashPassword('Partner2025!'),
      firstname: 'Col',
      lastname: 'League',
      roles: ['ROLE_PARTNER'],
      partnerId,
      ...preferences,
    });
    return { email, password: 'Partner2025!' };
  }

  it('needs a signed-in partner user', async () => {
    expectError(await callEndpoint(t.app, notificationsEndpoints.list, {}, null), 401);
    expectError(await callEndpoint(t.app, notificationsEndpoints.markAllRead, {}, null), 401);
    const staff = await createStaff(t, 'ROLE_ADMIN');
    expectError(await list(await login(t, staff.email, staff.password)), 403);
  });

  it('is empty for a new partner', async () => {
    const p = await createPartner(t);
    const res = await list(await login(t, p.email, p.password));
    expectOk(res);
    expect(okBody(res)).toMatchObject({ data: { items: [], unread: 0 }, total: 0 });
  });

  it('lists the partner’s notifications newest first, paginated, with the unread count', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    for (let i = 1; i <= 3; i++) {
      await notify({ partnerId: p.partnerId, kind: 'document_reviewed', title: `Event ${i}`, link: '/my-account' });
      clock.advance(1000);
    }
    const res = await list(token);
    expectOk(res);
    const body = okBody(res);
    expect(body.total).toBe(3);
    expect(body.data.unread).toBe(3);
    expect(body.data.items.map((n: { title: string }) => n.title)).toEqual(['Event 3', 'Event 2', 'Event 1']);
    expect(body.data.items[0]).toMatchObject({
      kind: 'document_reviewed',
      link: '/my-account',
      readAt: null,
      body: '',
    });

    const page2 = await list(token, { page: 2, count: 2 });
    expect(okBody(page2).total).toBe(3);
    expect(okBody(page2).data.items.map((n: { title: string }) => n.title)).toEqual(['Event 1']);
    expectError(await list(token, { count: 0 }), 400);
    expectError(await list(token, invalid({ page: 'abc' })), 400);
    expect(await unread(token)).toBe(3);
  });

  it('marks one read, then all read', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    await notify({ partnerId: p.partnerId, kind: 'security', title: 'One' });
    await notify({ partnerId: p.partnerId, kind: 'security', title: 'Two' });
    const [first] = okBody(await list(token)).data.items;
    const read = await markRead(token, first?.id);
    expectOk(read);
    expect(okBody(read).data.readAt).toBe(clock.now().toISOString());
    expect(await unread(token)).toBe(1);
    // Marking again changes nothing.
    expect(okBody(await markRead(token, first?.id)).data.readAt).toBe(okBody(read).data.readAt);

    const all = await markAllRead(token);
    expectOk(all);
    expect(okBody(all)).toMatchObject({ data: { unread: 0 }, message: 'All notifications are marked as read.' });
    expect(await unread(token)).toBe(0);
    expect(okBody(await list(token)).data.items.every((n) => n.readAt !== null)).toBe(true);
  });

  it('partner B neither sees nor marks partner A’s notifications', async () => {
    const a = await createPartner(t);
    const b = await createPartner(t);
    const tokenA = await login(t, a.email, a.password);
    const tokenB = await login(t, b.email, b.password);
    await notify({ partnerId: a.partnerId, kind: 'application_decided', title: 'For A only' });
    const [mine] = okBody(await list(tokenA)).data.items;

    expect(okBody(await list(tokenB))).toMatchObject({ data: { items: [], unread: 0 }, total: 0 });
    expectError(await markRead(tokenB, mine?.id), 404);
    expect((await markAllRead(tokenB)).status).toBe(200);
    expect(await unread(tokenA)).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, mine?.id ?? 0));
    expect(row?.readAt).toBeNull();
    expectError(await markRead(tokenA, 999999), 404);
    expectError(await markRead(tokenA, 0), 400);
  });

  it('e-mails the partner’s users whose preferences allow the kind', async () => {
    const p = await createPartner(t);
    const offersOff = await colleagueOf(p.partnerId, { offerNotifications: false });
    const urgentOff = await colleagueOf(p.partnerId, { urgentNotifications: false, paymentNotifications: false });
    const disabled = await colleagueOf(p.partnerId, { enabled: false });
    const stranger = await createPartner(t);
    const before = (await sentMails(t)).length;

    await notify(
      {
        partnerId: p.partnerId,
        kind: 'application_decided',
        title: 'Your application to Alpha has been approved.',
        link: '/offer/7',
      },
      'https://portal.example.test',
    );
    await notify({ partnerId: p.partnerId, kind: 'invoice_status_changed', title: 'Invoice INV-1 is paid.' });
    await notify({ partnerId: p.partnerId, kind: 'postback_disabled', title: 'A postback was disabled.' });

    const mails = (await sentMails(t)).slice(before);
    const to = (subject: string) =>
      mails
        .filter((m) => m.subject === subject)
        .map((m) => m.to)
        .sort();
    expect(to('Your application to Alpha has been approved.')).toEqual([p.email, urgentOff.email].sort());
    expect(to('Invoice INV-1 is paid.')).toEqual([p.email, offersOff.email].sort());
    expect(to('A postback was disabled.')).toEqual([p.email, offersOff.email].sort());
    expect(mails.some((m) => m.to === disabled.email || m.to === stranger.email)).toBe(false);
    const approved = mails.find((m) => m.subject === 'Your application to Alpha has been approved.');
    expect(approved?.body).toContain('https://portal.example.test/offer/7');
  });

  it('records nothing and sends nothing when the event’s transaction rolls back', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const before = (await sentMails(t)).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await notifyPartner(tx, { partnerId: p.partnerId, kind: 'security', title: 'Rolled back' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(okBody(await list(token)).total).toBe(0);
    expect((await sentMails(t)).length).toBe(before);
  });
});
