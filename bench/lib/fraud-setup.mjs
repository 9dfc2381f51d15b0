// bench/fraud.mjs's set-up, run inside the bench server (bench/lib/app-server.mjs, BENCH_SETUP) on the demo network:
// the bench's offer lands on a URL carrying the click id and has a fallback, four demo partners run it, the network's
// traffic rules are the defaults (no row), and each partner has 30 days of history on the offer in the rollups, so
// that the conversion-rate rule has a baseline to compare with (decision 101: at least 200 clicks each period).
const HOUR_MS = 3_600_000;

/** Each partner's 30-day baseline on the offer: clicks and approved conversions, spread over 28 days ending 2 days ago. */
export const BASELINES = {
  'partner@demo.test': { clicks: 3_000, conversions: 300 },
  'bluebird@demo.test': { clicks: 3_000, conversions: 300 },
  'kestrel@demo.test': { clicks: 3_000, conversions: 300 },
  // The partner whose rate spikes: 1 % over its 30 days.
  'heron@demo.test': { clicks: 3_000, conversions: 30 },
};

export default async function setup({ db, sql, ids }) {
  const rows = async (query) => {
    const result = await db.execute(query);
    return Array.isArray(result) ? result : result.rows;
  };
  const offerId = ids.offer_id;
  await db.execute(sql`update offers set default_url = 'https://landing.example/?cid={click_id}',
    fallback_url = 'https://fallback.example/' where id = ${offerId}`);
  await db.execute(sql`delete from offer_caps where offer_id = ${offerId}`);
  await db.execute(sql`delete from traffic_rules`);
  await db.execute(sql`delete from blocklist_entries`);
  const emails = Object.keys(BASELINES);
  const partners = await rows(sql`select id, email from partners where email in ${emails}`);
  await db.execute(sql`update partners set status = 'active', all_offers_access = true where email in ${emails}`);
  const [offer] = await rows(sql`select o.currency, a.security_token as token,
    (select g.identifier from offer_goals og join goals g on g.id = og.goal_id where og.offer_id = o.id order by og.id limit 1) as goal
    from offers o join products p on p.id = o.product_id join advertisers a on a.id = p.advertiser_id where o.id = ${offerId}`); // prettier-ignore

  const firstHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 30 * 24 * HOUR_MS;
  const hours = 28 * 24;
  for (const partner of partners) {
    const base = BASELINES[partner.email];
    // One row a day at noon-ish, the clicks and conversions shared evenly (the last day takes the remainder).
    const days = hours / 24;
    for (let d = 0; d < days; d += 1) {
      const clicks = Math.floor(base.clicks / days) + (d === days - 1 ? base.clicks % days : 0);
      const conversions = Math.floor(base.conversions / days) + (d === days - 1 ? base.conversions % days : 0);
      const hour = new Date(firstHour + (d * 24 + 12) * HOUR_MS);
      await db.execute(sql`insert into stats_network_hourly (hour, partner_id, offer_id, currency, country, clicks, conversions)
        values (${hour.toISOString()}, ${partner.id}, ${offerId}, ${offer.currency}, 'FR', ${clicks}, ${conversions})`); // prettier-ignore
    }
  }
  return {
    token: offer.token,
    goal: offer.goal,
    partners: Object.fromEntries(partners.map((p) => [p.email, p.id])),
  };
}
