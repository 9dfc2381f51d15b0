import { newsEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../src/db/schema.js';
import { DEMO_NEWS, seedNews } from '../src/seed/news.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';

const DAY = 24 * 60 * 60 * 1000;

describe('GET /news', () => {
  let t: TestApp;
  let token: string;
  const clock = testClock(new Date('2026-03-15T12:00:00Z'));
  const at = (days: number) => new Date(clock.now().getTime() + days * DAY);
  const get = (query: CallInput<typeof newsEndpoints.list>['query'] = {}, identity: string | null = token) =>
    callEndpoint(t.app, newsEndpoints.list, { query }, identity);
  const list = async (query: CallInput<typeof newsEndpoints.list>['query'] = {}) => {
    const body = okBody(await get(query));
    expect(body.success).toBe(true);
    return body;
  };

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    // The demo news, published relative to the test clock: nine published, a draft, a scheduled one.
    await seedNews(t.database.db, t.app.ctx.storage, clock.now());
    await t.database.db.insert(news).values([
      {
        title: 'Aardvark hostile',
        excerpt: 'Tries to run a script',
        content:
          '<p onclick="steal()">Hello <img src="https://cdn.example.test/x.png" onerror="alert(1)"></p><script>alert("xss")</script><a href="javascript:alert(1)">link</a><iframe src="https://evil.example"></iframe>',
        publishedAt: at(-200),
        createdAt: at(-201),
      },
      // Published one second from now: not yet.
      { title: 'Almost', excerpt: '', content: '<p>soon</p>', publishedAt: new Date(clock.now().getTime() + 1000) },
    ]);
    const partner = await createPartner(t);
    token = await login(t, partner.email, partner.password);
  });
  afterAll(async () => t?.close());

  const publishedCount = DEMO_NEWS.filter((n) => n.daysAgo !== null && n.daysAgo >= 0).length + 1;

  it('lists only published items, newest first by default, with the total', async () => {
    expect(publishedCount).toBeGreaterThanOrEqual(9);
    const body = await list();
    expect(body.total).toBe(publishedCount);
    expect(body.data).toHaveLength(publishedCount);
    const titles = body.data.map((n) => n.title);
    expect(titles).not.toContain('Referral programme (draft)');
    expect(titles).not.toContain('Spring payout review (scheduled)');
    expect(titles).not.toContain('Almost');
    for (const item of body.data) {
      expect(new Date(item.publishedAt).getTime()).toBeLessThanOrEqual(clock.now().getTime());
      expect(item.excerpt.length).toBeGreaterThan(0);
      expect(Object.keys(item).sort()).toEqual([
        'content',
        'createdAt',
        'excerpt',
        'id',
        'image',
        'publishedAt',
        'title',
      ]);
    }
    const dates = body.data.map((n) => Date.parse(n.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(titles[0]).toBe(DEMO_NEWS[0]?.title);
  });

  it('shows a scheduled item once its date has come', async () => {
    const before = (await list()).total;
    expect(before).not.toBeNull();
    clock.advance(2000);
    const after = await list();
    expect(after.total).toBe((before ?? 0) + 1);
    expect(after.data[0]?.title).toBe('Almost');
    clock.advance(-2000);
  });

  it('sorts by title, creation date and publication date in both orders', async () => {
    const asc = (await list({ sort: 'title', order: 'asc' })).data.map((n) => n.title);
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(asc[0]).toBe('Aardvark hostile');
    const desc = (await list({ sort: 'title', order: 'desc' })).data.map((n) => n.title);
    expect(desc).toEqual([...asc].reverse());
    const created = (await list({ sort: 'createdAt', order: 'asc' })).data.map((n) => Date.parse(n.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const oldestFirst = (await list({ sort: 'publishedAt', order: 'asc' })).data;
    expect(oldestFirst[0]?.title).toBe('Aardvark hostile');
  });

  it('paginates with page and count, keeping the total', async () => {
    const all = (await list({ count: 100 })).data.map((n) => n.id);
    const pages: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await list({ page, count: 3 });
      expect(body.total).toBe(publishedCount);
      expect(body.data.length).toBe(page <= Math.floor(publishedCount / 3) ? 3 : publishedCount - 9);
      pages.push(...body.data.map((n) => n.id));
    }
    expect(pages).toEqual(all);
    const beyond = await list({ page: 50, count: 3 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(publishedCount);
  });

  it('adds the picture URL only with groups=image, and the picture is served', async () => {
    const without = await list();
    expect(without.data.every((n) => n.image === null)).toBe(true);
    const withImages = await list({ groups: 'image' });
    const seeded = withImages.data.filter((n) => n.title !== 'Aardvark hostile');
    expect(seeded.every((n) => typeof n.image === 'string' && /^\/api\/v1\/image\/\d+$/.test(n.image))).toBe(true);
    // Without a picture the field stays null even when asked for.
    expect(withImages.data.find((n) => n.title === 'Aardvark hostile')?.image).toBeNull();
    const picture = await t.app.inject({ method: 'GET', url: `${seeded[0]?.image}?w=640&h=360&c=1` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect((await list({ groups: 'image,image' })).data[0]?.image).toBe(seeded[0]?.image);
  });

  it('serves sanitised HTML: no script, event handler, javascript: link or iframe', async () => {
    const hostile = (await list({ sort: 'title', order: 'asc' })).data[0];
    expect(hostile?.title).toBe('Aardvark hostile');
    const html = hostile?.content ?? '';
    expect(html).toContain('Hello');
    expect(html).toContain('<img src="https://cdn.example.test/x.png"');
    for (const bad of ['<script', 'alert("xss")', 'onerror', 'onclick', 'javascript:', '<iframe']) {
      expect(html).not.toContain(bad);
    }
    // The seeded items keep their structure.
    const seeded = (await list()).data[0]?.content ?? '';
    expect(seeded).toContain('<ul>');
    expect(seeded).toContain('<strong>');
  });

  it('refuses bad query parameters with 400 keyed by parameter', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ page: 0 }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ count: 0 }, 'count'],
      [{ count: 100000 }, 'count'],
      [{ sort: 'password' }, 'sort'],
      [{ order: 'sideways' }, 'order'],
      [{ groups: 'partner' }, 'groups.0'],
      [{ unknown: 1 }, 'unknown'],
    ];
    for (const [query, key] of cases) {
      const res = await get(invalid(query));
      expect(Object.keys(errorBody(res, 400).errors ?? {}), JSON.stringify(query)).toContain(key);
    }
  });

  it('is described in the OpenAPI document, with its query and the image route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const params = (doc.paths['/api/v1/news']?.get?.parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(params).toEqual(
      expect.arrayContaining(['query:page', 'query:count', 'query:sort', 'query:order', 'query:groups']),
    );
    const image = (doc.paths['/api/v1/image/{id}']?.get?.parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(image).toEqual(expect.arrayContaining(['path:id', 'query:w', 'query:h', 'query:c']));
  });

  it('requires a signed-in partner', async () => {
    expectError(await get({}, null), 401);
    expectError(await get({}, 'not-a-token'), 401);
    const staff = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    expectError(await get({}, await login(t, staff.email, staff.password)), 403);
  });
});
