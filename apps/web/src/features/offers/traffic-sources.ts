import type { TrackingValues } from './tracking-link';

/** Traffic sources whose click macros the tracking link can be prefilled with. */
export const TRAFFIC_SOURCES = ['meta', 'google', 'tiktok', 'microsoft', 'taboola', 'outbrain', 'propeller'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/**
 * Each platform's documented click macros (as of 2026-11), spread over the sub-ID and the four trackers: the
 * platform's click id as the sub-ID where it has one (what a conversion is matched back on), then campaign, ad set or
 * ad group, ad or creative, placement or keyword. The platform replaces them at click time; the link builder keeps
 * them literal (decision 033).
 */
export const TRAFFIC_SOURCE_MACROS: Record<TrafficSource, Required<TrackingValues>> = {
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
};
