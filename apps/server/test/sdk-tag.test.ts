import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The tag's script (decision 085) run in a bare browser stand-in, no app: how it keeps the click id (first-party
 * cookie and localStorage, for the attribution window) and how it sends (beacon, else fetch keepalive, else image).
 */
const SOURCE = fs.readFileSync(path.resolve(import.meta.dirname, '../src/modules/client-tag/sdk.js'), 'utf8');
const DAY = 86_400_000;

type Page = {
  search?: string;
  attrs?: Record<string, string>;
  beacon?: boolean | 'missing';
  fetch?: boolean;
  now?: number;
  storage?: Map<string, string>;
  cookie?: string;
};

function load(page: Page = {}) {
  let now = page.now ?? Date.UTC(2026, 4, 4);
  const storage = page.storage ?? new Map<string, string>();
  const cookies: string[] = [];
  const sent: { how: string; url: string; body?: string }[] = [];
  const document = {
    currentScript: {
      src: 'https://track.example/sdk.js?v=1',
      getAttribute: (name: string) => page.attrs?.[name.replace(/^data-/, '')] ?? null,
    },
    get cookie() {
      return page.cookie ?? cookies.map((c) => c.split(';')[0]).join('; ');
    },
    set cookie(value: string) {
      cookies.push(value);
    },
  };
  class FakeDate extends Date {
    constructor() {
      super(now);
    }
  }
  class Blob {
    constructor(
      readonly parts: string[],
      readonly options: { type: string },
    ) {}
  }
  const window: Record<string, unknown> = {
    location: { search: page.search ?? '', protocol: 'https:' },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    navigator:
      page.beacon === 'missing'
        ? {}
        : {
            sendBeacon: (url: string, blob: Blob) => {
              sent.push({ how: `beacon ${blob.options.type}`, url, body: blob.parts.join('') });
              return page.beacon ?? true;
            },
          },
    Blob,
    Image: class {
      set src(url: string) {
        sent.push({ how: 'image', url });
      }
    },
    ...(page.fetch === false
      ? {}
      : {
          fetch: (url: string, init: { body: string; keepalive: boolean }) => {
            sent.push({ how: `fetch keepalive=${init.keepalive}`, url, body: init.body });
            return Promise.resolve();
          },
        }),
  };
  vm.runInNewContext(SOURCE, { window, document, Date: FakeDate, JSON, RegExp, Number, Math, encodeURIComponent, decodeURIComponent }); // prettier-ignore
  const portal = window.portal as {
    version: string;
    clickId: (offerId: number, param: string) => string | null;
    conversion: (o: Record<string, unknown>) => string;
  };
  return { portal, storage, cookies, sent, later: (ms: number) => (now += ms) };
}

describe('the tag keeps the click id', () => {
  it('reads the offer’s parameter from the landing page into a first-party cookie and localStorage for the window', () => {
    const { cookies, storage, portal } = load({ search: '?cid=CLICK-1&x=2', attrs: { 'offer-id': '12', param: 'cid', days: '30' } }); // prettier-ignore
    expect(portal.version).toBe('1');
    expect(cookies).toEqual(['pcid_12=CLICK-1; max-age=2592000; path=/; SameSite=Lax; Secure']);
    expect(JSON.parse(storage.get('pcid_12')!)).toEqual({ id: 'CLICK-1', exp: Date.UTC(2026, 4, 4) + 30 * DAY });
  });

  it('ignores another parameter, and keeps nothing without an offer', () => {
    expect(load({ search: '?click_id=X', attrs: { 'offer-id': '12', param: 'cid' } }).cookies).toEqual([]);
    expect(load({ search: '?cid=X', attrs: { param: 'cid' } }).cookies).toEqual([]);
  });

  it('finds it on the thank-you page from localStorage until the window closes, then forgets it', () => {
    const storage = new Map<string, string>();
    load({ search: '?cid=CLICK-2', attrs: { 'offer-id': '7', param: 'cid', days: '2' }, storage });
    const thanks = load({ storage, cookie: '' });
    expect(thanks.portal.clickId(7, 'cid')).toBe('CLICK-2');
    thanks.later(2 * DAY + 1);
    expect(thanks.portal.clickId(7, 'cid')).toBeNull();
    expect(storage.has('pcid_7')).toBe(false);
  });

  it('prefers the address, then the cookie', () => {
    expect(load({ search: '?cid=FROM-URL', cookie: 'pcid_7=FROM-COOKIE' }).portal.clickId(7, 'cid')).toBe('FROM-URL');
    expect(load({ cookie: 'a=1; pcid_7=FROM-COOKIE' }).portal.clickId(7, 'cid')).toBe('FROM-COOKIE');
  });
});

describe('the tag reports a conversion', () => {
  const sale = { offerId: 7, goal: 'sale', amount: '49.90', transactionId: 'ORDER 1', currency: 'EUR' };

  it('sends a form with sendBeacon to /pixel/conversion, the click id included', () => {
    const { portal, sent } = load({ cookie: 'pcid_7=C-9' });
    expect(portal.conversion(sale)).toBe('beacon');
    expect(sent).toEqual([
      {
        how: 'beacon application/x-www-form-urlencoded',
        url: 'https://track.example/pixel/conversion',
        body: 'offer_id=7&goal=sale&amount=49.90&currency=EUR&transaction_id=ORDER%201&click_id=C-9',
      },
    ]);
  });

  it('falls back to fetch keepalive when the beacon is refused or missing, then to an image', () => {
    expect(load({ beacon: false }).portal.conversion(sale)).toBe('fetch');
    const noBeacon = load({ beacon: 'missing' });
    expect(noBeacon.portal.conversion(sale)).toBe('fetch');
    expect(noBeacon.sent[0]!.how).toBe('fetch keepalive=true');
    const bare = load({ beacon: 'missing', fetch: false });
    expect(bare.portal.conversion(sale)).toBe('image');
    expect(bare.sent[0]!.url).toMatch(/^https:\/\/track\.example\/pixel\.gif\?offer_id=7&goal=sale/);
  });

  it('reports from its own attributes, for pages that allow no inline script', () => {
    const { sent } = load({ attrs: { 'offer-id': '7', goal: 'sale', amount: '10', 'transaction-id': 'T' }, cookie: 'pcid_7=C' }); // prettier-ignore
    expect(sent.map((s) => s.body)).toEqual(['offer_id=7&goal=sale&amount=10&transaction_id=T&click_id=C']);
  });

  it('stays small', () => {
    expect(Buffer.byteLength(SOURCE)).toBeLessThan(4096);
  });
});
