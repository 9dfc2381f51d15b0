import { describe, expect, it } from 'vitest';
import { buildTrackingLink, noLinkReason } from './tracking-link';

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
