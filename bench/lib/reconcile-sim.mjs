// The books-that-close simulation (decision 073), shared by bench/reconcile.mjs (20,000 clicks on a listening server)
// and apps/server/test/reconcile.test.ts (1,000 clicks through app.inject): a seeded, deterministic quarter of a small
// network driven through the real HTTP paths (clicks, postbacks, staff review and changes, a scrub file, billing runs,
// invoice moves, a SEPA batch with four eyes, advertiser invoices), then every figure the product shows checked
// against the ledger to the cent. It imports nothing of the app: its caller hands it the database, the schema, the
// `sql` tag and the password hash of the build it runs (src under vitest, dist in the bench), a request function and
// the server's clock.

export const SIZES = {
  bench: { clicks: 20_000, postbacks: 2_000 },
  test: { clicks: 1_000, postbacks: 100 },
};

const API = '/api/v1';
const PASSWORD = 'Reconcile2026!';
const FIRST_DAY = '2026-01-05';
const LAST_DAY = '2026-04-02';
/** The range every viewer reads at the end: wider than the simulation in any time zone. */
const REPORT_RANGE = { startDate: '2026-01-01', endDate: '2026-04-30' };
const REVERSAL_REASONS = ['refund', 'chargeback', 'fraud', 'duplicate_sale', 'test_order', 'other'];

/** mulberry32: a small seeded generator, the same sequence on every machine. */
export function seeded(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

const day = (iso) => new Date(`${iso}T00:00:00Z`);
const isoDay = (date) => date.toISOString().slice(0, 10);
const addDays = (iso, n) => isoDay(new Date(day(iso).getTime() + n * 86_400_000));
const at = (iso, hh, mm = 0, ss = 0) => new Date(`${iso}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}Z`); // prettier-ignore
const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);

// ------------------------------------------------------------------------------------------------ the world

/**
 * The network the simulation runs on, written straight to the database as the tests' fixtures are: three staff
 * (an admin who runs billing, two finance users for four eyes), two advertisers (a French one billed in EUR, an
 * American one in USD and EUR), three offers, and three partners with different payment terms and bank details.
 */
export async function createWorld({ db, schema, sql, hashPassword, tag = 'r' }) {
  const passwordHash = await hashPassword(PASSWORD);
  const staff = {};
  for (const [key, roles, timezone] of [
    ['admin', ['ROLE_ADMIN'], '+01:00'],
    ['finance', ['ROLE_FINANCE'], 'America/New_York'],
    ['finance2', ['ROLE_FINANCE'], '+09:00'],
  ]) {
    const email = `${key}-${tag}@reconcile.test`;
    const [user] = await db
      .insert(schema.users)
      .values({ email, passwordHash, firstname: key, lastname: 'Books', roles, timezone })
      .returning({ id: schema.users.id });
    staff[key] = { id: user.id, email };
  }

  const goalRows = rowsOf(await db.execute(sql`select id, identifier from goals where identifier in ('registration', 'sale')`)); // prettier-ignore
  const goalId = Object.fromEntries(goalRows.map((g) => [g.identifier, Number(g.id)]));
  const tierRows = rowsOf(await db.execute(sql`select id from goal_types where identifier = 'p1'`));
  const p1 = Number(tierRows[0].id);

  const advertisers = {};
  for (const [key, name, country, vatNumber] of [
    ['lumiere', 'Maison Lumière SA', 'FR', 'FR40303265045'],
    ['northwind', 'Northwind Goods Inc.', 'US', null],
  ]) {
    const securityToken = `${key}-${tag}-token-0123456789abcdef`;
    const [advertiser] = await db
      .insert(schema.advertisers)
      .values({ name, securityToken, country, vatNumber, billingTerms: 'net30' })
      .returning({ id: schema.advertisers.id });
    const [product] = await db
      .insert(schema.products)
      .values({
        advertiserId: advertiser.id,
        identifier: `${key}-${tag}`,
        type: 'web',
        domain: `${key}.example.com`,
        cross: true,
      }) // prettier-ignore
      .returning({ id: schema.products.id });
    advertisers[key] = { id: advertiser.id, name, token: securityToken, productId: product.id };
  }

  // payout and revenue: registration fixed (minor units), sale in basis points of the amount.
  const offerSpecs = [
    { key: 'lumiereEur', advertiser: 'lumiere', currency: 'EUR', reg: [250, 400], sale: [1000, 1500], manualSale: true }, // prettier-ignore
    { key: 'northwindUsd', advertiser: 'northwind', currency: 'USD', reg: [300, 500], sale: [1250, 2000], manualSale: false }, // prettier-ignore
    { key: 'northwindEur', advertiser: 'northwind', currency: 'EUR', reg: [180, 260], sale: [800, 1100], manualSale: false }, // prettier-ignore
  ];
  const offers = {};
  for (const spec of offerSpecs) {
    const [offer] = await db
      .insert(schema.offers)
      .values({
        name: `Books ${spec.key} ${tag}`,
        productId: advertisers[spec.advertiser].productId,
        conversionType: 'cpa',
        currency: spec.currency,
        defaultUrl: `https://${spec.advertiser}.example.com/?cid={click_id}`,
        descriptionHtml: '<p>Books</p>',
        descriptionText: 'Books',
        geoTargeting: false,
      })
      .returning({ id: schema.offers.id });
    for (const [goal, [payout, revenue], manual] of [
      ['registration', spec.reg, false],
      ['sale', spec.sale, spec.manualSale],
    ]) {
      const fixed = goal === 'registration';
      const [offerGoal] = await db
        .insert(schema.offerGoals)
        .values({
          offerId: offer.id,
          goalId: goalId[goal],
          payoutAmount: fixed ? payout : null,
          payoutPercent: fixed ? null : payout,
          revenueAmount: fixed ? revenue : null,
          revenuePercent: fixed ? null : revenue,
          manualValidation: manual,
        })
        .returning({ id: schema.offerGoals.id });
      await db.insert(schema.offerGoalTypes).values({
        offerGoalId: offerGoal.id,
        goalTypeId: p1,
        payoutAmount: fixed ? payout : null,
        payoutPercent: fixed ? null : payout,
      });
    }
    offers[spec.key] = { id: offer.id, currency: spec.currency, advertiser: spec.advertiser };
  }

  const partners = {};
  for (const spec of [
    // A French company paid monthly, net 30, by SEPA transfer; its users read in Paris.
    { key: 'aurora', name: 'Aurora Média SARL', country: 'FR', terms: 'net30', threshold: null, iban: 'FR7630006000011234567890189', swift: 'AGRIFRPP', timezone: '+01:00', weight: 5 }, // prettier-ignore
    // A German one paid weekly with a threshold (deferred weeks), by SEPA transfer; its users read in New York.
    { key: 'brandt', name: 'Brandt Digital GmbH', country: 'DE', terms: 'weekly', threshold: 4000, iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', timezone: '-05:00', weight: 3 }, // prettier-ignore
    // An American one paid twice a month with no IBAN: paid by hand; its users read in Tokyo.
    { key: 'cobalt', name: 'Cobalt Reach LLC', country: 'US', terms: 'bi_monthly', threshold: null, iban: null, swift: 'CHASUS33', timezone: '+09:00', weight: 2 }, // prettier-ignore
  ]) {
    const email = `${spec.key}-${tag}@reconcile.test`;
    const [partner] = await db
      .insert(schema.partners)
      .values({
        companyName: spec.name,
        email,
        status: 'active',
        country: spec.country,
        paymentTerms: spec.terms,
        paymentThreshold: spec.threshold,
        paymentMethod: 'wire',
        accountHolder: spec.name,
        iban: spec.iban,
        swift: spec.swift,
        routingNumber: spec.iban ? null : '021000021',
        bankName: spec.iban ? null : 'JPMorgan Chase',
      })
      .returning({ id: schema.partners.id });
    await db.insert(schema.partnerContacts).values({ partnerId: partner.id, companyRole: 'main', firstname: 'Kim', lastname: spec.key, email }); // prettier-ignore
    await db.insert(schema.users).values({ email, passwordHash, firstname: 'Kim', lastname: spec.key, roles: ['ROLE_PARTNER'], partnerId: partner.id }); // prettier-ignore
    partners[spec.key] = { id: partner.id, email, name: spec.name, timezone: spec.timezone, weight: spec.weight, terms: spec.terms }; // prettier-ignore
  }
  return { staff, advertisers, offers, partners };
}

// ------------------------------------------------------------------------------------------------ the HTTP client

/**
 * `request(method, url, { headers, body })` answers `{ status, headers, text }`; the simulation throws on any answer
 * it did not expect, naming the call.
 */
/** Time spent per route (calls and milliseconds, answer included), which the bench prints. */
export const TIMINGS = {};
function client(request) {
  const call = async (method, url, options = {}) => {
    const started = performance.now();
    try {
      return await call0(method, url, options);
    } finally {
      const route = `${method} ${url.split('?')[0].replace(/\/\d+/g, '/:id')}`;
      const spent = (TIMINGS[route] ??= { calls: 0, ms: 0 });
      spent.calls += 1;
      spent.ms += performance.now() - started;
    }
  };
  const call0 = async (method, url, { token, body, expect = [200] } = {}) => {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(method, url, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!expect.includes(res.status)) throw new Error(`${method} ${url} answered ${res.status}: ${res.text.slice(0, 400)}`); // prettier-ignore
    const json = /^\s*[[{]/.test(res.text) ? JSON.parse(res.text) : null;
    return { status: res.status, headers: res.headers, text: res.text, json };
  };
  const query = (params) => {
    const entries = Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== null);
    return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
  };
  return {
    raw: call,
    get: (path, token, params, expect) => call('GET', `${API}${path}${query(params)}`, { token, expect }),
    post: (path, token, body, expect) => call('POST', `${API}${path}`, { token, body, expect }),
    put: (path, token, body, expect) => call('PUT', `${API}${path}`, { token, body, expect }),
  };
}

/** Every page of a paged list (500 a page). */
async function all(http, path, token, params = {}) {
  const out = [];
  for (let page = 1; ; page += 1) {
    const res = await http.get(path, token, { ...params, page, count: 500 });
    out.push(...res.json.data);
    const total = res.json.total ?? out.length;
    if (res.json.data.length < 500 || out.length >= total) return out;
  }
}

// ------------------------------------------------------------------------------------------------ the simulation

/**
 * Runs the quarter: `clock.set(date)` moves the server's clock. Answers what happened (counts) for the report; throws
 * on any unexpected answer of the server.
 */
export async function simulate(world, { request, clock, size = SIZES.test, seed = 44, log = () => {} }) {
  const rnd = seeded(seed);
  const http = client(request);
  const counts = { clicks: 0, postbacks: 0, approved: 0, pending: 0, rejected: 0, duplicates: 0, unknownClicks: 0, reviewedApproved: 0, reviewedDeclined: 0, reversed: 0, reversedAfterBilling: 0, adjusted: 0, scrubbed: 0, billingRuns: 0, invoicesIssued: 0, deferred: 0, invoicesValidated: 0, paidByBatch: 0, paidByHand: 0, batches: 0, advertiserInvoices: 0, creditNotes: 0, advertiserPaid: 0, viewerReads: 0 }; // prettier-ignore
  /** Sessions last seven days: each user signs in again when it acts and its session is six days old. */
  const sessions = {};
  let now = new Date(0);
  const tok = async (key) => {
    const session = sessions[key];
    if (session && now.getTime() - session.at < 6 * 86_400_000) return session.token;
    const who = world.staff[key] ?? world.partners[key];
    const res = await http.post('/login', null, { username: who.email, password: PASSWORD });
    sessions[key] = { token: res.json.data.bearer, at: now.getTime() };
    return sessions[key].token;
  };
  /** Steps whose endpoints this build does not serve: reported, and the books then fail (never a silent skip). */
  const missing = new Set();
  const setClock = async (date) => {
    now = date;
    clock.set(date);
  };

  await setClock(at(addDays(FIRST_DAY, -1), 9));
  // The steps of payment batches and advertiser invoices need their endpoints: a build without them is reported, and
  // its books fail (reconcile), never skipped in silence.
  const serves = async (path) => (await http.get(path, await tok('finance'), {}, [200, 404])).status === 200;
  const served = { batches: await serves('/staff/payment-batches'), advertiserInvoices: await serves('/staff/advertiser-invoices') }; // prettier-ignore
  if (!served.batches) missing.add('payment batches: GET /staff/payment-batches answers 404');
  if (!served.advertiserInvoices) missing.add('advertiser invoices: GET /staff/advertiser-invoices answers 404');
  // Each partner's users read in their own time zone, set as a user sets it.
  for (const [key, partner] of Object.entries(world.partners)) {
    await http.put('/account/timezone', await tok(key), { timezone: partner.timezone });
  }

  const days = [];
  for (let d = FIRST_DAY; d <= LAST_DAY; d = addDays(d, 1)) days.push(d);
  // Today's share of a total, so that the last day ends exactly on it.
  const shareOf = (total, index) => Math.floor(((index + 1) * total) / days.length) - Math.floor((index * total) / days.length); // prettier-ignore
  const partnerKeys = Object.keys(world.partners).flatMap((key) => Array(world.partners[key].weight).fill(key));
  const offerKeys = Object.keys(world.offers);
  /** Conversions the network recorded: id, partner, offer, status, billed (by a run after it), transaction id. */
  const conversions = [];
  const sent = [];
  let txSequence = 0;

  const billingRun = async (body) => {
    const res = await http.post('/staff/billing-runs', await tok('admin'), body);
    counts.billingRuns += 1;
    const created = res.json.data.created ?? [];
    counts.invoicesIssued += created.filter((c) => !c.deferred).length;
    counts.deferred += created.filter((c) => c.deferred).length;
  };

  const validateWaiting = async () => {
    const waiting = await all(http, '/staff/invoices', await tok('finance'), { status: 'waiting_for_approval' });
    for (const invoice of waiting) {
      await http.put(`/staff/invoices/${invoice.id}`, await tok('finance'), { status: 'invoice_validated' });
      counts.invoicesValidated += 1;
    }
  };

  const payValidated = async (today) => {
    const validated = await all(http, '/staff/invoices', await tok('finance'), { status: 'invoice_validated' });
    const sepa = validated.filter((i) => i.sepaRefusal === null && i.heldUntil === null && i.batch === null && i.paymentCurrency === 'EUR'); // prettier-ignore
    const byHand = validated.filter((i) => !sepa.includes(i));
    if (!served.batches) byHand.push(...sepa.splice(0));
    if (sepa.length) {
      const created = await http.post('/staff/payment-batches', (await tok('finance')), { invoiceIds: sepa.map((i) => i.id), requestedExecutionDate: addDays(today, 1) }); // prettier-ignore
      const batch = created.json.data;
      // Four eyes: the creator may not approve its own batch.
      await http.post(`/staff/payment-batches/${batch.id}/approve`, await tok('finance'), undefined, [403]);
      await http.post(`/staff/payment-batches/${batch.id}/approve`, await tok('finance2'));
      const file = await http.raw('GET', `${API}/staff/payment-batches/${batch.id}/file`, {
        token: await tok('finance'),
      });
      if (!file.text.includes('pain.001.001.09')) throw new Error(`batch ${batch.reference}: the file is no pain.001.001.09 document`); // prettier-ignore
      await http.put(`/staff/payment-batches/${batch.id}`, await tok('finance'), { status: 'paid' });
      counts.batches += 1;
      counts.paidByBatch += sepa.length;
    }
    for (const invoice of byHand) {
      await http.put(`/staff/invoices/${invoice.id}`, await tok('finance'), { status: 'payment_in_progress' });
      await http.put(`/staff/invoices/${invoice.id}`, await tok('finance2'), { status: 'paid' });
      counts.paidByHand += 1;
    }
  };

  const advertiserRun = async (month) => {
    if (!served.advertiserInvoices) return [];
    const res = await http.post('/staff/advertiser-invoice-runs', await tok('admin'), { month });
    counts.advertiserInvoices += res.json.data.issued.length;
    return res.json.data.issued;
  };

  const viewersRead = async (today) => {
    const range = { startDate: `${today.slice(0, 7)}-01`, endDate: today };
    for (const key of Object.keys(world.partners)) {
      await http.get('/statistics/daily', await tok(key), range);
      await http.get('/statistics/conversion/totals', await tok(key), range);
      counts.viewerReads += 2;
    }
    for (const key of ['admin', 'finance', 'finance2']) {
      await http.get('/staff/reports/partner', await tok(key), range);
      counts.viewerReads += 1;
    }
  };

  let reviews = 0;
  const review = async (conversion, approve) => {
    await http.put(`/staff/conversions/${conversion.id}`, await tok('finance'), {
      status: approve ? 'approved' : 'rejected',
    });
    conversion.status = approve ? 'approved' : 'rejected';
    counts[approve ? 'reviewedApproved' : 'reviewedDeclined'] += 1;
  };

  for (const [index, today] of days.entries()) {
    const weekday = day(today).getUTCDay();
    const dom = Number(today.slice(8, 10));
    const previousMonth = isoDay(new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1))).slice(0, 7); // prettier-ignore

    // 06:00 UTC: billing. Each Monday the daily job's catch-up until Sunday; on the 1st, the month just over.
    if (weekday === 1 || dom === 1) {
      await setClock(at(today, 6));
      if (dom === 1) await billingRun({ month: previousMonth });
      if (weekday === 1) await billingRun({ until: addDays(today, 1 - 2) });
      for (const c of conversions) if (c.status === 'approved' && c.at < at(today, 6)) c.maybeBilled = true;
      await setClock(at(today, 6, 30));
      await validateWaiting();
    }
    // 07:00: advertisers are invoiced for the month just over on the 2nd; one pays on the 20th.
    if (dom === 2) {
      await setClock(at(today, 7));
      await advertiserRun(previousMonth);
    }
    if (dom === 20 && served.advertiserInvoices) {
      await setClock(at(today, 7, 10));
      const issued = await all(http, '/staff/advertiser-invoices', (await tok('finance')), { status: 'issued', advertiserId: world.advertisers.lumiere.id }); // prettier-ignore
      for (const invoice of issued.filter((i) => i.kind === 'invoice')) {
        await http.put(`/staff/advertiser-invoices/${invoice.id}`, await tok('finance'), {
          status: 'paid',
          paidOn: today,
        });
        counts.advertiserPaid += 1;
      }
    }
    // March 6th: Northwind's February USD invoice is cancelled (a credit note), and February is invoiced again.
    if (today === '2026-03-06' && served.advertiserInvoices) {
      await setClock(at(today, 7, 20));
      const february = await all(http, '/staff/advertiser-invoices', (await tok('finance')), { month: '2026-02', advertiserId: world.advertisers.northwind.id }); // prettier-ignore
      const usd = february.find((i) => i.kind === 'invoice' && i.currency === 'USD' && i.status === 'issued');
      if (!usd) throw new Error('no issued USD invoice of Northwind for February to cancel');
      await http.put(`/staff/advertiser-invoices/${usd.id}`, (await tok('finance')), { status: 'cancelled', reason: 'Wrong purchase order number' }); // prettier-ignore
      counts.creditNotes += 1;
      await advertiserRun('2026-02');
    }
    // 07:30 on the 16th: finance pays what is validated, a SEPA batch for what it can pay, by hand the rest.
    if (dom === 16) {
      await setClock(at(today, 7, 30));
      await payValidated(today);
    }

    // 08:00–19:00: clicks, evenly spread.
    const clicksPerDay = shareOf(size.clicks, index);
    const postbacksPerDay = shareOf(size.postbacks, index);
    const todays = [];
    const start = at(today, 8).getTime();
    const step = Math.floor((11 * 3600_000) / clicksPerDay);
    for (let i = 0; i < clicksPerDay; i += 1) {
      const partner = rnd.pick(partnerKeys);
      const offer = rnd.pick(offerKeys);
      await setClock(new Date(start + i * step));
      const subid = rnd.pick(['', 'news', 'social', 'search']);
      const res = await http.raw('GET', `/click?offer_id=${world.offers[offer].id}&aff_id=${world.partners[partner].id}${subid ? `&subid=${subid}` : ''}`, { expect: [302] }); // prettier-ignore
      const location = res.headers.location;
      const clickId = new URL(location).searchParams.get('cid');
      todays.push({ clickId, partner, offer, at: new Date(start + i * step) });
      counts.clicks += 1;
    }

    // 20:00–21:00: postbacks on today's clicks, some duplicated, some on clicks the network never saw.
    for (let i = 0; i < postbacksPerDay && todays.length; i += 1) {
      const when = new Date(at(today, 20).getTime() + i * 1000);
      await setClock(when);
      const duplicate = sent.length > 0 && rnd.chance(0.05);
      const unknown = !duplicate && rnd.chance(0.03);
      let params;
      let click;
      if (duplicate) {
        params = rnd.pick(sent.slice(-50)).params;
      } else {
        click = rnd.pick(todays);
        const offer = world.offers[click.offer];
        const goal = rnd.chance(0.6) ? 'registration' : 'sale';
        txSequence += 1;
        params = {
          click_id: unknown ? `unknown-${txSequence}` : click.clickId,
          goal,
          transaction_id: `T-${seed}-${txSequence}`,
          token: world.advertisers[offer.advertiser].token,
          ...(goal === 'sale' ? { amount: `${rnd.int(10, 250)}.${String(rnd.int(0, 99)).padStart(2, '0')}` } : {}),
        };
      }
      const res = await http.raw('GET', `/postback?${new URLSearchParams(params).toString()}`);
      counts.postbacks += 1;
      const answer = res.json;
      if (answer.duplicate) {
        counts.duplicates += 1;
        continue;
      }
      if (unknown) counts.unknownClicks += 1;
      counts[answer.status] += 1;
      if (!unknown) {
        sent.push({ params });
        conversions.push({ id: answer.conversionId, partner: click.partner, offer: click.offer, advertiser: world.offers[click.offer].advertiser, status: answer.status, at: when, tx: params.transaction_id }); // prettier-ignore
      }
    }

    // 21:30: pending conversions two days old or more are reviewed: three in four approved (every fourth from the
    // second declined, so that a small run has both).
    await setClock(at(today, 21, 30));
    const due = conversions.filter((c) => c.status === 'pending' && (index === days.length - 1 || c.at < at(addDays(today, -1), 0))); // prettier-ignore
    for (const conversion of due) await review(conversion, reviews++ % 4 !== 1);

    // 22:00: changes after the fact, on conversions of any age (billed or not).
    const expected = postbacksPerDay * 0.08;
    const changes = Math.floor(expected) + (rnd.chance(expected - Math.floor(expected)) ? 1 : 0);
    for (let i = 0; i < changes; i += 1) {
      const approved = conversions.filter((c) => c.status === 'approved');
      if (!approved.length) break;
      const conversion = rnd.pick(approved);
      await setClock(new Date(at(today, 22).getTime() + i * 1000));
      if (rnd.chance(0.55)) {
        const reason = rnd.pick(REVERSAL_REASONS);
        await http.post(`/staff/conversions/${conversion.id}/reverse`, (await tok('finance')), { reason, note: `Reversed: ${reason}` }); // prettier-ignore
        conversion.status = 'rejected';
        counts.reversed += 1;
        if (conversion.maybeBilled) counts.reversedAfterBilling += 1;
      } else {
        const found = await http.get('/staff/conversions', await tok('finance'), { q: String(conversion.id) });
        const row = found.json.data.find((r) => r.id === conversion.id);
        const payoutAmount = Math.max(0, Math.round(row.payout * 0.8));
        const revenueAmount = Math.max(payoutAmount, Math.round(row.revenue * 0.9));
        await http.post(`/staff/conversions/${conversion.id}/adjust`, (await tok('finance')), { payoutAmount, revenueAmount, note: 'Partial refund' }); // prettier-ignore
        counts.adjusted += 1;
      }
    }

    // March 10th, 22:30: Maison Lumière's scrub file: approved sales of any age, a line already reversed, an unknown id.
    if (today === '2026-03-10') {
      await setClock(at(today, 22, 30));
      const lumiere = conversions.filter((c) => c.advertiser === 'lumiere');
      const targets = lumiere
        .filter((c) => c.status === 'approved')
        .filter((_, i) => i % 7 === 0)
        .slice(0, 12);
      const already = lumiere.find((c) => c.status === 'rejected');
      const lines = [
        'transaction_id,reason',
        ...targets.map((c, i) => `${c.tx},${REVERSAL_REASONS[i % REVERSAL_REASONS.length]}`),
        ...(already ? [`${already.tx},refund`] : []),
        'NO-SUCH-ORDER,refund',
      ];
      const data = `data:text/csv;base64,${Buffer.from(`${lines.join('\n')}\n`).toString('base64')}`;
      const upload = await http.post('/staff/conversion-scrubs', (await tok('finance')), { advertiserId: world.advertisers.lumiere.id, file: { filename: 'lumiere-march.csv', data }, note: 'March scrub' }); // prettier-ignore
      const applied = await http.post(`/staff/conversion-scrubs/${upload.json.data.id}/apply`, await tok('finance'));
      counts.scrubbed += applied.json.data.reversed ?? targets.length;
      for (const c of targets) c.status = 'rejected';
    }

    // Wednesdays of every other week, at noon: the viewers read this month so far, each in its time zone.
    if (weekday === 3 && index % 14 < 7) {
      await setClock(at(today, 12));
      await viewersRead(today);
    }
    if (index % 14 === 0) log(`${today}: ${counts.clicks} clicks, ${counts.postbacks} postbacks`);
  }
  return { ...counts, missing: [...missing] };
}

// ------------------------------------------------------------------------------------------------ the books

const sumBy = (list, currency) => list.filter((m) => m.currency === currency).reduce((s, m) => s + m.amount, 0);

/**
 * Every identity, per partner, advertiser and currency, from what the product shows (HTTP) and the ledger (rows):
 * answers the table's lines and the failures (any difference, of one cent or more).
 */
export async function reconcile(world, { request, db, sql, missing = [] }) {
  const http = client(request);
  const tokens = {};
  for (const [key, who] of [...Object.entries(world.staff), ...Object.entries(world.partners)]) {
    tokens[key] = (await http.post('/login', null, { username: who.email, password: PASSWORD })).json.data.bearer;
  }
  // A step the build does not serve fails the books, loudly.
  const failures = missing.map((step) => `NOT CHECKED, ${step}`);
  const lines = [];
  const q = async (query) => rowsOf(await db.execute(query));
  const num = (v) => Number(v ?? 0);

  // The staff's network reports, read by viewers in three time zones: the same figures for all.
  const staffReports = {};
  for (const key of ['admin', 'finance', 'finance2']) {
    staffReports[key] = {
      partner: (await http.get('/staff/reports/partner', tokens[key], REPORT_RANGE)).json.data,
      advertiser: (await http.get('/staff/reports/advertiser', tokens[key], REPORT_RANGE)).json.data,
    };
  }
  const rowOf = (rows, id) => rows.find((r) => r.key === String(id) && !r.isTotal);

  for (const [key, partner] of Object.entries(world.partners)) {
    const daily = (await http.get('/statistics/daily', tokens[key], REPORT_RANGE)).json.data;
    const totals = daily.find((r) => r.isTotal);
    const requests = await all(http, '/billing-request', tokens[key]);
    const currencies = ['EUR', 'USD'];
    for (const currency of currencies) {
      const partnerReport = sumBy(totals.revenue, currency);
      const staffPayouts = Object.fromEntries(
        Object.entries(staffReports).map(([viewer, r]) => [viewer, sumBy(rowOf(r.partner, partner.id)?.payout ?? [], currency)]), // prettier-ignore
      );
      const [approved] = await q(sql`select coalesce(sum(payout), 0) as payout from conversions where partner_id = ${partner.id} and currency = ${currency} and status = 'approved'`); // prettier-ignore
      const invoiced = requests
        .filter((r) => r.paymentCurrency === currency && !r.deferred)
        .reduce((s, r) => s + r.totalAmount - r.totalVatAmount, 0);
      const [books] = await q(sql`
        with last_request as (
          select max(ending_at) as ending_at, max(created_at) as created_at from billing_requests
          where partner_id = ${partner.id} and payment_currency = ${currency})
        select
          (select coalesce(sum(r.total_amount - r.total_vat_amount), 0) from billing_requests r join invoices i on i.billing_request_id = r.id
            where r.partner_id = ${partner.id} and r.payment_currency = ${currency}) as invoiced_rows,
          (select coalesce(sum(c.payout), 0) from conversions c, last_request l where c.partner_id = ${partner.id} and c.currency = ${currency}
            and c.status = 'approved' and c.billing_request_id is null and c.created_at <= l.ending_at) as carried_conversions,
          (select coalesce(sum(a.payout_delta), 0) from conversion_adjustments a, last_request l where a.partner_id = ${partner.id} and a.currency = ${currency}
            and a.billable and a.billing_request_id is null and a.created_at <= l.created_at) as carried_lines,
          (select coalesce(sum(c.payout), 0) from conversions c, last_request l where c.partner_id = ${partner.id} and c.currency = ${currency}
            and c.status = 'approved' and c.billing_request_id is null and (l.ending_at is null or c.created_at > l.ending_at)) as unbilled,
          (select coalesce(sum(a.payout_delta), 0) from conversion_adjustments a, last_request l where a.partner_id = ${partner.id} and a.currency = ${currency}
            and a.billable and a.billing_request_id is null and (l.created_at is null or a.created_at > l.created_at)) as lines_unbilled,
          (select count(*) from billing_requests r where r.partner_id = ${partner.id} and r.payment_currency = ${currency} and r.deferred) as deferred_requests`); // prettier-ignore
      const carried = num(books.carried_conversions) + num(books.carried_lines);
      const figures = {
        partnerReport,
        ...Object.fromEntries(Object.entries(staffPayouts).map(([viewer, v]) => [`staff(${viewer})`, v])),
        approvedPayout: num(approved.payout),
        books: invoiced + carried + num(books.unbilled) + num(books.lines_unbilled),
      };
      const line = {
        who: `partner ${partner.name} (${partner.terms})`,
        currency,
        partnerReport,
        staffPayout: staffPayouts.admin,
        approved: num(approved.payout),
        invoiced,
        carried,
        unbilled: num(books.unbilled),
        linesUnbilled: num(books.lines_unbilled),
        deferredRequests: num(books.deferred_requests),
      };
      lines.push(line);
      const values = Object.values(figures);
      if (values.some((v) => v !== values[0]))
        failures.push(`${line.who} ${currency}: ${Object.entries(figures).map(([k, v]) => `${k} ${v}`).join(', ')}`); // prettier-ignore
      if (invoiced !== num(books.invoiced_rows))
        failures.push(`${line.who} ${currency}: the Payments screen shows ${invoiced} invoiced, the rows ${num(books.invoiced_rows)}`); // prettier-ignore
    }
  }

  for (const advertiser of Object.values(world.advertisers)) {
    const served = (await http.get('/staff/advertiser-invoices', tokens.finance, {}, [200, 404])).status === 200;
    const invoices = served ? await all(http, '/staff/advertiser-invoices', tokens.finance, { advertiserId: advertiser.id }) : []; // prettier-ignore
    if (!served) failures.push('NOT CHECKED, advertiser invoices: GET /staff/advertiser-invoices answers 404');
    for (const currency of ['EUR', 'USD']) {
      const staffRevenues = Object.fromEntries(
        Object.entries(staffReports).map(([viewer, r]) => [viewer, sumBy(rowOf(r.advertiser, advertiser.id)?.advertiserRevenue ?? [], currency)]), // prettier-ignore
      );
      const mine = invoices.filter((i) => i.currency === currency);
      const invoiced = mine.reduce((s, i) => s + i.netAmount, 0);
      const [books] = await q(sql`select
        (select coalesce(sum(revenue), 0) from conversions where advertiser_id = ${advertiser.id} and currency = ${currency}
          and status = 'approved' and advertiser_invoice_id is null) as conversions,
        (select coalesce(sum(revenue_delta), 0) from conversion_adjustments where advertiser_id = ${advertiser.id} and currency = ${currency}
          and advertiser_billable and advertiser_invoice_id is null) as lines,
        (select coalesce(sum(revenue), 0) from conversions where advertiser_id = ${advertiser.id} and currency = ${currency}
          and status = 'approved') as approved`); // prettier-ignore
      const notYetInvoiced = num(books.conversions) + num(books.lines);
      const figures = {
        ...Object.fromEntries(Object.entries(staffRevenues).map(([viewer, v]) => [`staff(${viewer})`, v])),
        approvedRevenue: num(books.approved),
        books: invoiced + notYetInvoiced,
      };
      const line = {
        who: `advertiser ${advertiser.name}`,
        currency,
        staffRevenue: staffRevenues.admin,
        approved: num(books.approved),
        invoiced,
        notYetInvoiced,
        invoices: mine.filter((i) => i.kind === 'invoice').length,
        creditNotes: mine.filter((i) => i.kind === 'credit_note').length,
      };
      lines.push(line);
      const values = Object.values(figures);
      if (values.some((v) => v !== values[0]))
        failures.push(`${line.who} ${currency}: ${Object.entries(figures).map(([k, v]) => `${k} ${v}`).join(', ')}`); // prettier-ignore
    }
  }

  // Σ batch = Σ invoices it paid.
  const batchesServed = (await http.get('/staff/payment-batches', tokens.finance, {}, [200, 404])).status === 200;
  const batches = batchesServed ? await all(http, '/staff/payment-batches', tokens.finance) : [];
  const staffInvoices = await all(http, '/staff/invoices', tokens.finance);
  for (const summary of batches) {
    const batch = (await http.get(`/staff/payment-batches/${summary.id}`, tokens.finance)).json.data;
    const paid = batch.transactions.map((tx) => staffInvoices.find((i) => i.id === tx.invoiceId));
    const invoicesTotal = paid.reduce((s, i) => s + (i?.status === 'paid' ? i.totalAmount : 0), 0);
    const transactions = batch.transactions.reduce((s, tx) => s + tx.amount, 0);
    lines.push({ who: `batch ${batch.reference} (${batch.status})`, currency: batch.currency, batchTotal: batch.totalAmount, transactions, invoicesPaid: invoicesTotal, count: batch.transactionCount }); // prettier-ignore
    if (batch.status !== 'paid' || batch.totalAmount !== transactions || transactions !== invoicesTotal)
      failures.push(`batch ${batch.reference} (${batch.status}): total ${batch.totalAmount}, transactions ${transactions}, invoices paid ${invoicesTotal}`); // prettier-ignore
  }
  if (!batchesServed) failures.push('NOT CHECKED, payment batches: GET /staff/payment-batches answers 404');
  else if (batches.length === 0) failures.push('no payment batch was made');

  // Every conversion that is not approved says why.
  const [reasons] =
    await q(sql`select count(*) filter (where status <> 'approved' and reason is null) as without_reason,
    count(*) filter (where status <> 'approved') as not_approved,
    count(*) filter (where reason = 'reversed' and reversal_reason is null) as reversed_without_code from conversions`);
  lines.push({ who: 'conversions not approved', currency: '*', notApproved: num(reasons.not_approved), withoutReason: num(reasons.without_reason) }); // prettier-ignore
  if (num(reasons.without_reason) > 0) failures.push(`${num(reasons.without_reason)} conversions not approved have no reason`); // prettier-ignore
  if (num(reasons.reversed_without_code) > 0) failures.push(`${num(reasons.reversed_without_code)} reversed conversions have no reversal code`); // prettier-ignore

  // The ledger summary's months add up to the same invoiced totals.
  const months = ['2026-01', '2026-02', '2026-03', '2026-04'];
  const summaries = [];
  for (const month of months) summaries.push((await http.get('/staff/ledger/summary', tokens.finance, { month })).json.data); // prettier-ignore
  for (const currency of ['EUR', 'USD']) {
    const of = (pick) => summaries.reduce((s, m) => s + pick(m.currencies.find((c) => c.currency === currency)), 0);
    const ledgerPartners = of((c) => c?.partners.invoiced ?? 0);
    const ledgerAdvertisers = of((c) => c?.advertisers.invoiced ?? 0);
    const partnersInvoiced = lines.filter((l) => l.who.startsWith('partner ') && l.currency === currency).reduce((s, l) => s + l.invoiced, 0); // prettier-ignore
    const advertisersInvoiced = lines.filter((l) => l.who.startsWith('advertiser ') && l.currency === currency).reduce((s, l) => s + l.invoiced, 0); // prettier-ignore
    lines.push({ who: 'ledger summary (4 months)', currency, partnersInvoiced: ledgerPartners, advertisersInvoiced: ledgerAdvertisers, margin: ledgerAdvertisers - ledgerPartners }); // prettier-ignore
    if (ledgerPartners !== partnersInvoiced) failures.push(`ledger ${currency}: partners invoiced ${ledgerPartners} against ${partnersInvoiced}`); // prettier-ignore
    if (ledgerAdvertisers !== advertisersInvoiced) failures.push(`ledger ${currency}: advertisers invoiced ${ledgerAdvertisers} against ${advertisersInvoiced}`); // prettier-ignore
  }
  return { lines, failures: [...new Set(failures)] };
}

/** The table the bench prints: one line per partner, advertiser, currency and batch, amounts in minor units. */
export function formatTable(lines) {
  return lines
    .map((line) => {
      const { who, currency, ...figures } = line;
      return `${who.padEnd(44)} ${String(currency).padEnd(4)} ${Object.entries(figures).map(([k, v]) => `${k}=${v}`).join('  ')}`; // prettier-ignore
    })
    .join('\n');
}
