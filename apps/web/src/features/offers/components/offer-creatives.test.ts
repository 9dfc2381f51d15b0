import { describe, expect, it } from 'vitest';
import { creativeCode } from './offer-creatives';

const base = { id: 1, offerId: 2, imageId: null, image: null, width: null, height: null, html: null, text: null, createdAt: null }; // prettier-ignore
const link = 'https://portal.example/click?offer_id=2&aff_id=3&subid=a';

describe('creativeCode (decision 050)', () => {
  it('links a banner to the partner’s link, sized, with its name as the alternative text', () => {
    const banner = { ...base, kind: 'banner' as const, name: 'MPU "300"', image: '/api/v1/image/9', width: 300, height: 250 }; // prettier-ignore
    expect(creativeCode(banner, link, 'https://portal.example')).toBe(
      '<a href="https://portal.example/click?offer_id=2&amp;aff_id=3&amp;subid=a"><img src="https://portal.example/api/v1/image/9" width="300" height="250" alt="MPU &quot;300&quot;"></a>',
    );
  });

  it('puts the link where an HTML creative or a text ad says, and after a text ad that does not say', () => {
    const html = {
      ...base,
      kind: 'html' as const,
      name: 'B',
      html: '<a href="{tracking_link}">Go</a> {tracking_link}',
    };
    expect(creativeCode(html, link, '')).toBe(`<a href="${link}">Go</a> ${link}`);
    const text = { ...base, kind: 'text' as const, name: 'T', text: 'Join now' };
    expect(creativeCode(text, link, '')).toBe(`Join now ${link}`);
  });
});
