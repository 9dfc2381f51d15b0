/**
 * Postback presets (issue 47 item 9, decision 118): the postback URL a tracker or a traffic source documents for
 * receiving a conversion, with our macros in its parameters. Each was checked against the page decision 118 names;
 * only the parameters that page names are filled, nothing guessed. The host (and a key, where the receiver has one)
 * is the partner's own: the preset writes it in capitals for the partner to replace.
 *
 * `{subid}` carries the receiver's click id back: the link builder's tracker presets put it there (decision 110).
 */
export const POSTBACK_TRACKER_PRESETS = ['keitaro', 'binom', 'voluum', 'redtrack'] as const;
export const POSTBACK_TRAFFIC_PRESETS = ['trafficstars', 'adsterra'] as const;
export const POSTBACK_PRESETS = [...POSTBACK_TRACKER_PRESETS, ...POSTBACK_TRAFFIC_PRESETS] as const;
export type PostbackPreset = (typeof POSTBACK_PRESETS)[number];

export const POSTBACK_PRESET_URLS: Record<PostbackPreset, string> = {
  // Keitaro: subid (required), status, payout, currency, tid; lead_status and sale_status map our statuses to its
  // lead and sale (docs.keitaro.io/en/conversions/postback.html).
  keitaro:
    'https://YOUR-KEITARO-DOMAIN/POSTBACK-KEY/postback?subid={subid}&status={status}&payout={payout}&currency={currency}&tid={transaction_id}&lead_status=pending&sale_status=approved',
  // Binom: click.php with cnv_id (its click id), payout, cnv_status, cnv_currency (docs.binom.org/postback-url.php).
  binom:
    'https://YOUR-BINOM-DOMAIN/click.php?cnv_id={subid}&payout={payout}&cnv_status={status}&cnv_currency={currency}',
  // Voluum: cid (its click id, required), payout, txid, currency (doc.voluum.com, "Parameters in Postback URLs").
  voluum: 'https://YOUR-VOLUUM-DOMAIN/postback?cid={subid}&payout={payout}&txid={transaction_id}&currency={currency}',
  // RedTrack: clickid and sum, its affiliate network postback template (RedTrack help, "Adding Affiliate Networks").
  redtrack: 'https://YOUR-REDTRACK-DOMAIN/postback?clickid={subid}&sum={payout}',
  // TrafficStars: the S2S action URL with clickid, value and the account's key (TrafficStars FAQ, "How to set up
  // tracking conversions").
  trafficstars: 'https://tsyndicate.com/api/v1/cpa/action?clickid={subid}&value={payout}&key=YOUR-KEY',
  // Adsterra: the simple postback with the advertiser's user name and subid_short (Adsterra advertisers' help, "How
  // do I setup postback?"); its payout parameter takes US dollars only, so it is left out.
  adsterra: 'https://www.pbterra.com/name/YOUR-USERNAME/at?subid_short={subid}',
};
