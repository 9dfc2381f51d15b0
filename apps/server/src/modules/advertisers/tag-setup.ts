import {
  CLICK_ATTRIBUTION_DAYS,
  PIXEL_GIF_PATH,
  PIXEL_HTML_PATH,
  SDK_PATH,
  SDK_VERSION,
  type OfferTagSetup,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { lastTagHits } from '../conversions/index.js';
import { advertiserWithCounts, offersWithTagSetup } from './advertisers.repository.js';
import { ADVERTISER_NOT_FOUND, goalPostbackUrlOf } from './advertisers.service.js';

const attr = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Each offer's ready snippets (decision 085), the advertiser's values filled in and `{amount}` / `{transaction_id}`
 * left for its shop to fill, as in its postback URL; and the offer's latest tag or pixel hit.
 */
export async function tagSetupOf(db: DbOrTx, advertiserId: number, publicUrl: string): Promise<OfferTagSetup[]> {
  const row = await advertiserWithCounts(db, advertiserId);
  if (!row) throw notFound(ADVERTISER_NOT_FOUND);
  const base = publicUrl.replace(/\/+$/, '');
  const script = `${base}${SDK_PATH}?v=${SDK_VERSION}`;
  const offers = await offersWithTagSetup(db, advertiserId);
  const hits = await lastTagHits(
    db,
    offers.map((o) => o.offerId),
  );
  return offers.map((o) => {
    const tag = `<script src="${attr(script)}" data-offer-id="${o.offerId}" data-param="${attr(o.tagClickParam)}" data-days="${CLICK_ATTRIBUTION_DAYS}"`; // prettier-ignore
    return {
      offerId: o.offerId,
      offerName: o.offerName,
      tagOrigins: o.tagOrigins,
      tagClickParam: o.tagClickParam,
      landing: `${tag} async></script>`,
      goals: o.goals.map((g) => {
        const query = `offer_id=${o.offerId}&goal=${encodeURIComponent(g.goal)}&amount={amount}&transaction_id={transaction_id}`; // prettier-ignore
        return {
          ...g,
          s2s: goalPostbackUrlOf(publicUrl, row.advertiser.securityToken, g.goal),
          javascript: `${tag}></script>\n<script>portal.conversion({ offerId: ${o.offerId}, goal: '${g.goal}', amount: '{amount}', transactionId: '{transaction_id}', currency: '${row.advertiser.currency}' });</script>`, // prettier-ignore
          image: `<img src="${attr(`${base}${PIXEL_GIF_PATH}?${query}`)}" width="1" height="1" alt="">`,
          iframe: `<iframe src="${attr(`${base}${PIXEL_HTML_PATH}?${query}`)}" width="1" height="1" hidden title=""></iframe>`, // prettier-ignore
        };
      }),
      lastHit: hits.get(o.offerId) ?? null,
    };
  });
}
