// Traffic for the reliability scripts (decision 053): `workers` loops, each a click (GET /click) and, for every
// `postbackEvery`-th acknowledged click, a conversion postback for it (retried until answered 2xx, as an advertiser's
// server retries). It records what the server acknowledged: every click answered 302 (its id, from the redirect) and
// every transaction answered 2xx, so that a check can later find each of them in the database.
import http from 'node:http';

// Clicks and postbacks on agents of their own: an advertiser's retries never queue the visitors' clicks.
const clickAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const postbackAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function request(url, agent, keepBody = false) {
  return new Promise((resolve) => {
    const req = http.request(url, { agent, timeout: 5000 }, (res) => {
      let body = '';
      if (keepBody && res.statusCode >= 300) {
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body = (body + chunk).slice(0, 200)));
      } else res.resume();
      res.on(
        'end',
        () =>
        resolve({ status: res.statusCode, location: res.headers.location ?? null, body, server: res.headers['x-portal-server'] ?? null }), // prettier-ignore
      );
      res.on('error', () => resolve({ status: 0, location: null }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => resolve({ status: 0, location: null, error: error.code ?? error.message }));
    // A request or response cut short can close without 'end' or 'error' (a step that never finished hung a run once):
    // a response read to its end counts, anything else is a failed attempt. Only the first resolve counts.
    req.on('close', () => {
      const res = req.res;
      if (res?.complete)
        resolve({ status: res.statusCode, location: res.headers.location ?? null, server: res.headers['x-portal-server'] ?? null }); // prettier-ignore
      else resolve({ status: 0, location: null, error: 'closed' });
    });
    req.end();
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the load against `base()` (a function: the servers may change between kills). Returns a handle whose `stop()`
 * resolves once every worker has finished its current step; pending postbacks are retried until `stop()`.
 */
export function startLoad({
  base,
  ids,
  workers = 8,
  postbackEvery = 4,
  pauseMs = 0,
  onAck = null,
  maxPostbacksInFlight = 64,
}) {
  const acked = new Set();
  // Each acknowledged click's answer: when (ms since the start) and, behind a load balancer that names it in
  // `X-Portal-Server`, which server answered: what a check prints for a click it cannot find.
  const ackedBy = new Map();
  // Each click's answer time (ms) and the clicks answered in each second: what a check prints of the clicks' latency.
  const clickMs = [];
  const perSecond = [];
  const converted = new Map(); // transaction id -> click id, answered 2xx
  const counts = { clicks: 0, clickErrors: 0, click503: 0, postbacks: 0, postback503: 0, postbackErrors: 0 };
  // The failed answers by status (0: no answer: a connection cut, a timeout) and, for postbacks, the answer's body:
  // what a check prints to tell a documented 503 from anything else.
  const failures = { clicks: {}, postbacks: {}, postbackTimes: {} };
  const started = Date.now();
  const countFailure = (kind, key) => (failures[kind][key] = (failures[kind][key] ?? 0) + 1);
  let running = true;
  let sequence = 0;
  const inFlight = new Set();

  let draining = false;
  // An advertiser's sender has a bounded number of connections: attempts past them wait their turn. (Unbounded, a
  // 30 s outage on a fast machine left 175,000 postbacks retrying at once, and the run measured the bench, not the
  // server.)
  let active = 0;
  const waiting = [];
  const acquire = () =>
    active < maxPostbacksInFlight ? (active++, Promise.resolve()) : new Promise((resolve) => waiting.push(resolve));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  const postback = async (clickId, transactionId) => {
    const query = new URLSearchParams({
      click_id: clickId,
      goal: ids.goal,
      transaction_id: transactionId,
      token: ids.token,
    });
    while (running || draining) {
      await acquire();
      if (!running && !draining) {
        release();
        return;
      }
      let answer;
      try {
        answer = await request(`${base()}/postback?${query}`, postbackAgent, true);
      } finally {
        release();
      }
      if (answer.status >= 200 && answer.status < 300) {
        converted.set(transactionId, clickId);
        counts.postbacks++;
        return;
      }
      if (answer.status === 503) counts.postback503++;
      else counts.postbackErrors++;
      countFailure('postbacks', `${answer.status}${answer.error ? ` ${answer.error}` : ''}${answer.body ? ` ${answer.body.replace(/\s+/g, ' ').slice(0, 60)}` : ''}`); // prettier-ignore
      if (answer.status !== 503) countFailure('postbackTimes', `t=${Math.floor((Date.now() - started) / 5000) * 5}s`);
      await sleep(250);
    }
  };

  const worker = async (w) => {
    while (running) {
      const n = sequence++;
      const sent = performance.now();
      const answer = await request(
        `${base()}/click?offer_id=${ids.offerId}&aff_id=${ids.partnerId}&subid=w${w}`,
        clickAgent,
      );
      const ms = performance.now() - sent;
      clickMs.push(ms);
      // Clicks answered per second of the run: a stall shows as a dip.
      const second = Math.floor((Date.now() - started) / 1000);
      perSecond[second] = (perSecond[second] ?? 0) + 1;
      if (answer.status === 302 && answer.location) {
        const clickId = new URL(answer.location).searchParams.get('cid');
        acked.add(clickId);
        ackedBy.set(clickId, { t: Date.now() - started, server: answer.server ?? null });
        counts.clicks++;
        onAck?.(clickId);
        if (n % postbackEvery === 0) {
          // The advertiser's retries run beside the clicks, as a real advertiser's queue does.
          const p = postback(clickId, `tx-${clickId}`).finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
      } else {
        if (answer.status === 503) counts.click503++;
        else counts.clickErrors++;
        countFailure('clicks', `${answer.status}${answer.error ? ` ${answer.error}` : ''}`);
        await sleep(20);
      }
      if (pauseMs) await sleep(pauseMs);
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    acked,
    ackedBy,
    started,
    /** The clicks' answer times: p50, p99, max (ms), and the clicks answered in each second. */
    latency() {
      const sorted = Float64Array.from(clickMs).sort();
      const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { p50: at(0.5), p99: at(0.99), max: at(1), perSecond: Array.from(perSecond, (n) => n ?? 0) };
    },
    converted,
    counts,
    failures,
    inFlight,
    /** Stops the clicks; the postbacks not yet answered 2xx are retried up to `drainMs` more (then abandoned). */
    async stop(drainMs = 30_000) {
      running = false;
      const trace = (what) => process.env.BENCH_TRACE && console.error(`load: ${what} (${new Date().toISOString()})`);
      trace(`stopping; ${inFlight.size} postbacks in flight`);
      await done;
      trace('clicks stopped');
      draining = true;
      const timer = setTimeout(() => (draining = false), drainMs);
      await Promise.all([...inFlight]);
      clearTimeout(timer);
      draining = false;
    },
  };
}
