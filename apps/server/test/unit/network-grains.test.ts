import { describe, expect, it } from 'vitest';
import { scopeOfRoles } from '../../src/modules/access/index.js';
import { grainOf } from '../../src/modules/network-reports/network-reports.repository.js';

describe('network reports: the narrowest grain that answers (decision 049)', () => {
  const admin = scopeOfRoles(1, ['ROLE_ADMIN'], []);
  const finance = scopeOfRoles(2, ['ROLE_FINANCE'], []);
  const manager = scopeOfRoles(3, ['ROLE_ACCOUNT_MANAGER'], []);

  it('reads the whole network’s partners, managers and days from the partner or offer grain', () => {
    expect(grainOf('partner', {}, admin)).toBe('partner');
    expect(grainOf('manager', {}, finance)).toBe('partner');
    expect(grainOf('offer', {}, admin)).toBe('offer');
    expect(grainOf('advertiser', { advertiserId: [4] }, finance)).toBe('offer');
    expect(grainOf('day', {}, admin)).toBe('offer');
    expect(grainOf('day', { partnerId: [7] }, admin)).toBe('partner');
  });

  it('needs the partner for a manager’s scope, the pair grain for both keys, the network rollups for the country', () => {
    expect(grainOf('day', {}, manager)).toBe('partner');
    expect(grainOf('partner', {}, manager)).toBe('partner');
    expect(grainOf('offer', {}, manager)).toBe('pair');
    expect(grainOf('partner', { offerId: [3] }, admin)).toBe('pair');
    expect(grainOf('offer', { managerId: [3] }, admin)).toBe('pair');
    expect(grainOf('offer', { partnerId: [3, 4] }, admin)).toBe('pair');
    expect(grainOf('partner', { goal: ['sale'] }, admin)).toBe('pair');
    expect(grainOf(['partner', 'offer'], { landingPageId: [2] }, admin)).toBe('network');
    expect(grainOf('country', {}, admin)).toBe('network');
    expect(grainOf('partner', { country: ['FR'] }, admin)).toBe('network');
    expect(grainOf('hour', {}, admin)).toBe('offer');
  });

  it('reads the landing grain for a landing page without a partner, the network rollups with one (decision 126)', () => {
    expect(grainOf('landing', {}, admin)).toBe('landing');
    expect(grainOf('landing', {}, finance)).toBe('landing');
    expect(grainOf(['landing', 'offer'], {}, admin)).toBe('landing');
    expect(grainOf(['advertiser', 'landing'], { goal: ['sale'] }, admin)).toBe('landing');
    expect(grainOf(['day', 'landing'], { offerId: [3] }, admin)).toBe('landing');
    expect(grainOf('offer', { landingPageId: [2, 0] }, admin)).toBe('landing');
    expect(grainOf('landing', {}, manager)).toBe('network');
    expect(grainOf(['partner', 'landing'], {}, admin)).toBe('network');
    expect(grainOf('landing', { partnerId: [3] }, admin)).toBe('network');
    expect(grainOf('landing', { country: ['FR'] }, admin)).toBe('network');
    expect(grainOf(['landing', 'subid'], {}, admin)).toBe('sub');
  });

  it('reads the partner rollup for a sub-ID or tracker, as breakdown or filter (decision 089)', () => {
    expect(grainOf('subid', {}, admin)).toBe('sub');
    expect(grainOf('tc3', {}, manager)).toBe('sub');
    expect(grainOf('offer', { tc1: ['x'] }, admin)).toBe('sub');
    expect(grainOf('offer', { partnerId: [] }, admin)).toBe('offer');
  });

  it('reads a nested breakdown from the grain both keys need (decision 106)', () => {
    expect(grainOf(['day', 'partner'], {}, admin)).toBe('partner');
    expect(grainOf(['partner', 'offer'], {}, admin)).toBe('pair');
    expect(grainOf(['offer', 'partner'], {}, manager)).toBe('pair');
    expect(grainOf(['hour', 'offer'], {}, manager)).toBe('pair');
    expect(grainOf(['advertiser', 'day'], {}, admin)).toBe('offer');
    expect(grainOf(['offer', 'country'], {}, admin)).toBe('network');
    expect(grainOf(['partner', 'subid'], {}, admin)).toBe('sub');
  });
});
