import type { TrackingValues } from './tracking-link';

/** Ad platforms whose click macros the tracking link can be prefilled with. */
export const AD_PLATFORMS = ['meta', 'google', 'tiktok', 'microsoft', 'taboola', 'outbrain'] as const;
/** Trackers a media buyer puts between its traffic and our link (decision 110): their click id as the sub-ID. */
export const TRACKERS = ['keitaro', 'binom', 'voluum', 'redtrack'] as const;
/** Push and pop networks (decision 110), each with the macros its public documentation names. */
export const PUSH_POP_NETWORKS = ['propeller', 'richads', 'trafficstars', 'ezmob'] as const;
/** Every preset, in the order the select lists them: ad platforms, trackers, then push and pop networks. */
export const TRAFFIC_SOURCES = [...AD_PLATFORMS, ...TRACKERS, ...PUSH_POP_NETWORKS] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/**
 * Each platform's documented click macros (as of 2026-11), spread over the sub-ID and the four trackers: the
 * platform's click id as the sub-ID where it has one (what a conversion is matched back on), then campaign, ad set or
 * ad group, ad or creative, placement or keyword. The platform replaces them at click time; the link builder keeps
 * them literal (decision 033).
 */
export const TRAFFIC_SOURCE_MACROS: Record<TrafficSource, TrackingValues> = {
  // Meta (Facebook, Instagram) URL parameters: double braces.
  meta: {
    subid: '{{ad.id}}',
    tc1: '{{adset.id}}',
    tc2: '{{campaign.id}}',
    tc3: '{{placement}}',
    tc4: '{{site_source_name}}',
  },
  // Google Ads ValueTrack parameters.
  google: {
    subid: '{gclid}',
    tc1: '{campaignid}',
    tc2: '{adgroupid}',
    tc3: '{creative}',
    tc4: '{keyword}',
  },
  // TikTok Ads URL parameters: double underscores (unreserved characters, never encoded anyway).
  tiktok: {
    subid: '__CALLBACK_PARAM__',
    tc1: '__CAMPAIGN_ID__',
    tc2: '__AID__',
    tc3: '__CID__',
    tc4: '__PLACEMENT__',
  },
  // Microsoft Advertising URL parameters.
  microsoft: {
    subid: '{msclkid}',
    tc1: '{CampaignId}',
    tc2: '{AdGroupId}',
    tc3: '{AdId}',
    tc4: '{keyword}',
  },
  // Taboola tracking macros.
  taboola: {
    subid: '{click_id}',
    tc1: '{campaign_id}',
    tc2: '{site}',
    tc3: '{campaign_item_id}',
    tc4: '{platform}',
  },
  // Outbrain dynamic tracking parameters: double braces.
  outbrain: {
    subid: '{{ob_click_id}}',
    tc1: '{{campaign_id}}',
    tc2: '{{section_id}}',
    tc3: '{{ad_id}}',
    tc4: '{{publisher_name}}',
  },
  // PropellerAds tokens: dollar and braces.
  propeller: {
    subid: '${SUBID}',
    tc1: '${campaignid}',
    tc2: '${zoneid}',
    tc3: '${bannerid}',
    tc4: '${geo}',
  },
  // Decision 110 names the page each preset below was checked against; a field is left empty rather than guessed
  // where that page names no macro for it.
  // Keitaro placeholders: its click's subid, the source's campaign, creative and keyword, Keitaro's landing page.
  keitaro: {
    subid: '{subid}',
    tc1: '{ad_campaign_id}',
    tc2: '{creative_id}',
    tc3: '{keyword}',
    tc4: '{landing_id}',
  },
  // Binom offer URL tokens: its click id, campaign, traffic source, landing page and country code.
  binom: {
    subid: '{clickid}',
    tc1: '{campaign}',
    tc2: '{trafficsource}',
    tc3: '{lander}',
    tc4: '{country_code}',
  },
  // Voluum tokens: its click id and the traffic source's id.
  voluum: {
    subid: '{clickid}',
    tc1: '{trafficsource.id}',
  },
  // RedTrack dynamic parameters: its click id, the traffic channel's sub1–sub3 and the country.
  redtrack: {
    subid: '{clickid}',
    tc1: '{sub1}',
    tc2: '{sub2}',
    tc3: '{sub3}',
    tc4: '{country}',
  },
  // RichAds macros: upper case in square brackets.
  richads: {
    subid: '[CLICK_ID]',
    tc1: '[CAMPAIGN_ID]',
    tc2: '[PUBLISHER_ID]',
    tc3: '[SITE_ID]',
    tc4: '[CREATIVE_ID]',
  },
  // TrafficStars tokens.
  trafficstars: {
    subid: '{click_id}',
    tc1: '{campaign_id}',
    tc2: '{site_id}',
    tc3: '{creative_id}',
    tc4: '{geo}',
  },
  // EZmob macros.
  ezmob: {
    subid: '{subid}',
    tc1: '{campaign}',
    tc2: '{publisher}',
    tc3: '{banner}',
    tc4: '{source}',
  },
};
