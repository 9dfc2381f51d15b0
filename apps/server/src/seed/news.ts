import type { FileStorage } from '../lib/storage.js';
import type { Db } from '../db/client.js';
import { insertNews } from './seed.repository.js';
import { newsPicturePng, type NewsMotif } from './news-pictures.js';
import { storePicture } from './pictures.js';

const DAY = 24 * 60 * 60 * 1000;

type SeedNews = {
  title: string;
  excerpt: string;
  content: string;
  /** Days before the seed's clock; null is a draft, a negative number a scheduled item. */
  daysAgo: number | null;
  motif: NewsMotif;
  colors: [string, string];
};

export const DEMO_NEWS: SeedNews[] = [
  {
    title: 'Black Friday e-commerce campaigns are open',
    excerpt:
      'Twelve retail advertisers have opened their Black Friday and Cyber Monday offers, with boosted CPS rates.',
    content: `<p>Our retail advertisers are getting ready for the busiest week of the year. <strong>Twelve e-commerce offers</strong> now carry Black Friday creatives and boosted revenue-share rates until 2 December.</p>
<h3>What changes</h3>
<ul><li>Revenue share raised by up to 4 points on fashion and electronics offers.</li><li>Coupon and cashback traffic accepted on every participating offer.</li><li>Deep links to category pages available on request.</li></ul>
<p>Offers that require approval are reviewed within 24 hours during the campaign. Apply from the <a href="/offers">offer list</a> today.</p>`,
    daysAgo: 4,
    motif: 'gift',
    colors: ['#e8590c', '#c2255c'],
  },
  {
    title: 'Postbacks now fire per goal',
    excerpt: 'You can now send a different postback URL for registrations, validations and deposits of the same offer.',
    content: `<p>Conversion tracking just got more precise: each postback can now be attached to <em>one goal</em> of an offer instead of all of them.</p>
<p>Typical setups:</p>
<ol><li>Registration postback to your optimisation tool with <code>{clickid}</code> and <code>{subid}</code>.</li><li>Deposit postback to your ad platform with the <code>{payout}</code> macro.</li></ol>
<p>Existing postbacks keep firing on every goal, so nothing changes until you edit them in <strong>Tools › Postbacks</strong>.</p>`,
    daysAgo: 11,
    motif: 'bolt',
    colors: ['#1c7ed6', '#7048e8'],
  },
  {
    title: 'Payment calendar for the end of the year',
    excerpt: 'Invoices validated by 10 December are paid before the holidays; later ones are paid from 6 January.',
    content: `<p>To make sure you are paid before the end-of-year break, please check your billing requests early.</p>
<table><thead><tr><th>Invoice validated by</th><th>Paid on</th></tr></thead><tbody><tr><td>10 December</td><td>19 December</td></tr><tr><td>After 10 December</td><td>From 6 January</td></tr></tbody></table>
<p>Payment details can be reviewed under <strong>My Account › Payment</strong>. Wire transfers are sent in EUR unless your account says otherwise.</p>`,
    daysAgo: 19,
    motif: 'calendar',
    colors: ['#0ca678', '#1098ad'],
  },
  {
    title: 'Sports betting offers for the winter season',
    excerpt: 'Five new sportsbooks licensed in France, Spain and Italy join the network with CPA and hybrid deals.',
    content: `<p>The winter football season starts with <strong>five new sportsbooks</strong> licensed in France (ANJ), Spain (DGOJ) and Italy (ADM).</p>
<ul><li>CPA from 80 € on first deposit, hybrid deals on request.</li><li>Only traffic from the licensed countries is accepted.</li><li>Responsible-gambling messages are mandatory on every creative.</li></ul>
<p>These offers require approval: your account manager will ask for a short description of your traffic.</p>`,
    daysAgo: 33,
    motif: 'chart',
    colors: ['#2f9e44', '#087f5b'],
  },
  {
    title: 'Compliance documents: new reminder e-mails',
    excerpt: 'We now remind you 30 days before a compliance document expires, so payments are never put on hold.',
    content: `<p>Expired compliance documents put payments on hold. From now on, the portal e-mails you <strong>30 days</strong> and <strong>7 days</strong> before a document expires.</p>
<p>The documents we ask for are the proof of identity, the certificate of incorporation, the signed contract and the insertion order. Upload them under <strong>My Account › Compliance documents</strong>.</p>`,
    daysAgo: 48,
    motif: 'shield',
    colors: ['#495057', '#1864ab'],
  },
  {
    title: 'Insurance leads: higher payouts in Belgium',
    excerpt:
      'Car and home insurance CPL offers in Belgium pay 15% more on validated leads until the end of the quarter.',
    content: `<p>Our insurance advertisers in Belgium are expanding and have raised their payouts on <strong>validated leads</strong> by 15% until the end of the quarter.</p>
<p>Leads must come from Belgian residents who explicitly asked for a quote; co-registration traffic is not accepted. Check each offer's description for its exact rules.</p>`,
    daysAgo: 63,
    motif: 'coins',
    colors: ['#f08c00', '#e67700'],
  },
  {
    title: 'Meet us at Affiliate World Europe',
    excerpt: 'Our team will be in Barcelona in July: book a meeting with your account manager at booth B12.',
    content: `<p>Claire, Lucas and the rest of the partner team will be at <strong>Affiliate World Europe</strong> in Barcelona, booth B12.</p>
<p>Come and talk about exclusive offers, payout reviews and new geos. Ask your account manager for a meeting slot; we will also host a small partner breakfast on the second morning.</p>`,
    daysAgo: 86,
    motif: 'megaphone',
    colors: ['#9c36b5', '#5f3dc4'],
  },
  {
    title: 'Traffic quality guidelines updated',
    excerpt: 'Incentivised traffic rules, brand bidding and the fraud checks we run on every conversion, in one page.',
    content: `<p>We have rewritten our traffic quality guidelines to make them shorter and clearer.</p>
<h3>Highlights</h3>
<ul><li><strong>Brand bidding</strong> is forbidden unless an offer explicitly allows it.</li><li>Incentivised traffic must be declared and is accepted on marked offers only.</li><li>Conversions from data-centre IPs and emulators are automatically rejected.</li></ul>
<p>Questions? Your account manager is listed in the left menu.</p>`,
    daysAgo: 112,
    motif: 'shield',
    colors: ['#c92a2a', '#862e9c'],
  },
  {
    title: 'Welcome to the new partner portal',
    excerpt: 'Faster reports, a cleaner offer list and shareable filters: a quick tour of what is new.',
    content: `<p>Welcome to the new partner portal! Everything you used before is still here, only faster.</p>
<ul><li>The <a href="/offers">offer list</a> keeps its filters in the address, so you can bookmark or share a filtered list.</li><li>Reports load in a fraction of a second, even over a year of data.</li><li>News like this one appears on your dashboard.</li></ul>
<p>Tell us what you think: your feedback goes straight to the product team.</p>`,
    daysAgo: 150,
    motif: 'globe',
    colors: ['#1971c2', '#0b7285'],
  },
  {
    title: 'Referral programme (draft)',
    excerpt: 'Earn a share of the revenue of partners you bring to the network.',
    content: '<p>Draft: the referral programme is still being designed.</p>',
    daysAgo: null,
    motif: 'gift',
    colors: ['#868e96', '#495057'],
  },
  {
    title: 'Spring payout review (scheduled)',
    excerpt: 'Our yearly payout review starts in March.',
    content: '<p>Scheduled: this item is published later and must not show before its date.</p>',
    daysAgo: -21,
    motif: 'chart',
    colors: ['#868e96', '#495057'],
  },
];

/** The demo news: nine published over the last five months, one draft and one scheduled item. */
export async function seedNews(db: Db, storage: FileStorage, now: Date): Promise<void> {
  const pictures = await Promise.all(
    DEMO_NEWS.map((item) => newsPicturePng(item.motif, item.colors[0], item.colors[1])),
  );
  await db.transaction(async (tx) => {
    for (const [index, item] of DEMO_NEWS.entries()) {
      const picture = pictures[index];
      if (!picture) continue;
      const imageId = await storePicture(tx, storage, picture, 'news_image', `news-${index + 1}.png`);
      const publishedAt = item.daysAgo === null ? null : new Date(now.getTime() - item.daysAgo * DAY);
      // Written a couple of days before publication, as an editor would.
      const createdAt = new Date((publishedAt ?? now).getTime() - 2 * DAY - index * 60_000);
      await insertNews(tx, {
        title: item.title,
        excerpt: item.excerpt,
        content: item.content,
        publishedAt,
        createdAt: createdAt > now ? now : createdAt,
        imageId,
      });
    }
  });
}
