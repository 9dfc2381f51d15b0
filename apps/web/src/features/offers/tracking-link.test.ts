import { describe, expect, it } from 'vitest';
import { TRACKING_PARAMS, buildTrackingLink, encodeTrackingValue, noLinkReason } from './tracking-link';
import { TRAFFIC_SOURCES, TRAFFIC_SOURCE_MACROS } from './traffic-sources';

describe('buildTrackingLink', () => {
  it('carries the offer and the partner', () => {
    expect(buildTrackingLink('https://portal.example', 12, 3)).toBe(
      'https://portal.example/click?offer_id=12&aff_id=3',
    );
  });

  it('appends the non-empty values in order, trimmed and URL-encoded', () => {
    const link = buildTrackingLink('http://localhost:3000/', 12, 3, {
      tc2: 'b&c=d',
      subid: ' my sub ',
      tc1: '',
      tc4: 'é/?#',
      tc3: '   ',
    });
    expect(link).toBe(
      'http://localhost:3000/click?offer_id=12&aff_id=3&subid=my%20sub&tc2=b%26c%3Dd&tc4=%C3%A9%2F%3F%23',
    );
    const params = new URL(link).searchParams;
    expect(params.get('subid')).toBe('my sub');
    expect(params.get('tc2')).toBe('b&c=d');
    expect(params.get('tc4')).toBe('é/?#');
    expect(params.has('tc1')).toBe(false);
    expect(params.has('tc3')).toBe(false);
  });

  it('names the landing page the partner picked (decision 050)', () => {
    expect(buildTrackingLink('https://portal.example', 12, 3, { subid: 'x' }, 44)).toBe(
      'https://portal.example/click?offer_id=12&aff_id=3&lp=44&subid=x',
    );
  });
});

describe('traffic-source macros', () => {
  it.each(TRAFFIC_SOURCES)('keeps every %s macro literal in the link', (source) => {
    const macros = TRAFFIC_SOURCE_MACROS[source];
    const link = buildTrackingLink('https://portal.example', 12, 3, macros);
    const named = TRACKING_PARAMS.filter((name) => macros[name] !== undefined);
    // Every preset names the source's click id (or its tracker's) as the sub-ID: what a conversion is matched on.
    expect(named[0]).toBe('subid');
    const query = named.map((name) => `${name}=${macros[name]}`).join('&');
    expect(link).toBe(`https://portal.example/click?offer_id=12&aff_id=3&${query}`);
    // What the server reads back before the platform fills them in: the macros themselves.
    const params = new URL(link).searchParams;
    for (const name of named) expect(params.get(name)).toBe(macros[name]);
  });

  it('lists the trackers and the push and pop networks of decision 110 beside the ad platforms', () => {
    expect(TRAFFIC_SOURCES).toEqual(expect.arrayContaining(['keitaro', 'binom', 'voluum', 'redtrack', 'propeller', 'richads', 'trafficstars', 'ezmob'])); // prettier-ignore
    expect(TRAFFIC_SOURCE_MACROS.keitaro.subid).toBe('{subid}');
    expect(TRAFFIC_SOURCE_MACROS.binom.subid).toBe('{clickid}');
    expect(TRAFFIC_SOURCE_MACROS.voluum.subid).toBe('{clickid}');
    expect(TRAFFIC_SOURCE_MACROS.redtrack.subid).toBe('{clickid}');
  });

  it("keeps RichAds' bracketed capitals literal, and encodes other brackets", () => {
    expect(encodeTrackingValue('[CLICK_ID]')).toBe('[CLICK_ID]');
    expect(encodeTrackingValue('ra-[SITE_ID]/x')).toBe('ra-[SITE_ID]%2Fx');
    expect(encodeTrackingValue('[a]')).toBe('%5Ba%5D');
    expect(encodeTrackingValue('[]')).toBe('%5B%5D');
  });

  it('keeps the three macro forms literal and encodes everything around and between them', () => {
    expect(encodeTrackingValue('{adset_id}')).toBe('{adset_id}');
    expect(encodeTrackingValue('{{ad.id}}')).toBe('{{ad.id}}');
    expect(encodeTrackingValue('${zoneid}')).toBe('${zoneid}');
    expect(encodeTrackingValue('fb {{adset.id}}&{gclid}/${SUBID}#é')).toBe(
      'fb%20{{adset.id}}%26{gclid}%2F${SUBID}%23%C3%A9',
    );
    expect(encodeTrackingValue('{keyword:default}')).toBe('{keyword:default}');
  });

  it('encodes braces and dollars that are not a macro', () => {
    expect(encodeTrackingValue('{}')).toBe('%7B%7D');
    expect(encodeTrackingValue('{a b}')).toBe('%7Ba%20b%7D');
    expect(encodeTrackingValue('{a&b=c}')).toBe('%7Ba%26b%3Dc%7D');
    expect(encodeTrackingValue('$5 {x')).toBe('%245%20%7Bx');
    expect(encodeTrackingValue('{{x}')).toBe('%7B{x}');
    expect(encodeTrackingValue('x}}')).toBe('x%7D%7D');
  });

  it('encodes a value typed beside a macro in the link builder', () => {
    const link = buildTrackingLink('https://portal.example', 12, 3, { subid: 'spring sale', tc1: '{adset_id}' });
    expect(link).toBe('https://portal.example/click?offer_id=12&aff_id=3&subid=spring%20sale&tc1={adset_id}');
  });
});

describe('noLinkReason', () => {
  const offer = (
    requireApproval: boolean,
    partnerStatus: 'pending' | 'active' | 'refused' | 'apply_to_run' | 'public',
    enabled = true,
  ) => ({
    requireApproval,
    partnerStatus,
    enabled,
  });

  it('gives a link for offers without approval and for active applications', () => {
    expect(noLinkReason(offer(false, 'public'))).toBeNull();
    expect(noLinkReason(offer(true, 'active'))).toBeNull();
    // An application on an offer that needs none does not stop the traffic (click decision).
    expect(noLinkReason(offer(false, 'pending'))).toBeNull();
  });

  it('says why an offer requiring approval has no link', () => {
    expect(noLinkReason(offer(true, 'pending'))).toBe('pending');
    expect(noLinkReason(offer(true, 'refused'))).toBe('refused');
    expect(noLinkReason(offer(true, 'apply_to_run'))).toBe('not_applied');
  });

  it('gives no link for a disabled offer', () => {
    expect(noLinkReason(offer(false, 'public', false))).toBe('disabled');
  });
});
