import { describe, expect, it } from 'vitest';
import {
  goalOptions,
  insertMacro,
  offerOptions,
  previewUrl,
  toBody,
  toFormValues,
  unknownMacroList,
} from './postback-form-values';
import { resendableAttempts } from './postback-stats-rows';

const goal = (id: number, name: string) => ({
  id,
  private: false,
  payoutAmount: 100,
  payoutPercent: null,
  goal: { id, identifier: name.toLowerCase(), name, types: [] },
});
const offer = (
  id: number,
  name: string,
  extra: Partial<{
    enabled: boolean;
    requireApproval: boolean;
    partnerStatus: 'public' | 'active' | 'pending' | 'refused' | 'apply_to_run';
  }> = {},
  goals = [goal(1, 'Registration')],
) => ({
  id,
  name,
  enabled: true,
  requireApproval: false,
  partnerStatus: 'public' as const,
  offerGoals: goals,
  ...extra,
});

describe('previewUrl', () => {
  it('expands every macro with the URL-encoded sample values', () => {
    expect(previewUrl(' https://t.example/pb?c={click_id}&p={payout}&g={goal}&s={subid} ')).toBe(
      'https://t.example/pb?c=AZNhb2xDEMOclick00001&p=12.50&g=registration&s=my_subid',
    );
  });

  it('leaves unknown macros as they are', () => {
    expect(previewUrl('https://t.example/?x={nope}&c={click_id}')).toBe(
      'https://t.example/?x={nope}&c=AZNhb2xDEMOclick00001',
    );
    expect(unknownMacroList('https://t.example/?x={nope}&y={bad}&z={nope}')).toBe('{nope}, {bad}');
  });
});

describe('insertMacro', () => {
  it('replaces the selection and puts the caret after the macro', () => {
    expect(insertMacro('https://a/?c=&p=', 'click_id', 13, 13)).toEqual({
      value: 'https://a/?c={click_id}&p=',
      caret: 23,
    });
    expect(insertMacro('https://a/?c=XX', 'payout', 13, 15)).toEqual({ value: 'https://a/?c={payout}', caret: 21 });
  });

  it('appends without a caret', () => {
    expect(insertMacro('https://a/?t=', 'timestamp', null, null)).toEqual({
      value: 'https://a/?t={timestamp}',
      caret: 24,
    });
  });
});

describe('offerOptions and goalOptions', () => {
  const offers = [
    offer(1, 'Public', {}, [goal(1, 'Registration'), goal(2, 'Deposit')]),
    offer(2, 'Approved', { requireApproval: true, partnerStatus: 'active' }, [goal(3, 'Install')]),
    offer(3, 'Needs approval', { requireApproval: true, partnerStatus: 'pending' }, [goal(4, 'Sale')]),
    offer(4, 'Off', { enabled: false }, [goal(5, 'Lead')]),
  ];

  it('offers only what the partner may run, plus the offers already bound', () => {
    expect(offerOptions(offers, [])).toEqual([
      { value: '1', label: 'Public' },
      { value: '2', label: 'Approved' },
    ]);
    expect(offerOptions(offers, [{ id: 3, name: 'Needs approval' }]).map((o) => o.value)).toEqual(['1', '2', '3']);
  });

  it('lists the goals of the chosen offers, or of every runnable offer, by name', () => {
    expect(goalOptions(offers, [], null).map((o) => o.label)).toEqual(['Deposit', 'Install', 'Registration']);
    expect(goalOptions(offers, [2], null)).toEqual([{ value: '3', label: 'Install' }]);
    expect(goalOptions(offers, [2], { id: 9, name: 'Old goal' }).map((o) => o.value)).toEqual(['3', '9']);
  });
});

describe('form values', () => {
  it('reads a postback into the form and sends blank texts as null', () => {
    const values = toFormValues({
      id: 5,
      name: null,
      partnerId: 1,
      subId: null,
      goalId: 2,
      goal: { id: 2, identifier: 'deposit', name: 'Deposit' },
      url: 'https://t.example/?c={click_id}',
      enabled: false,
      disabledReason: null,
      count: 0,
      offers: [{ id: 7, name: 'Seven' }],
      createdAt: null,
      updatedAt: null,
    });
    expect(values).toEqual({
      name: '',
      url: 'https://t.example/?c={click_id}',
      goalId: 2,
      offers: [7],
      subId: '',
      enabled: false,
    });
    expect(toBody({ ...values, name: '', subId: 'abc' })).toEqual({
      name: null,
      url: 'https://t.example/?c={click_id}',
      goalId: 2,
      offers: [7],
      subId: 'abc',
      enabled: false,
    });
    expect(toFormValues(null)).toEqual({ name: '', url: '', goalId: null, offers: [], subId: '', enabled: true });
  });
});

describe('resendableAttempts', () => {
  it('marks the newest attempt of each failed delivery, never test attempts', () => {
    const attempts = [
      { id: 9, deliveryId: 'a', deliveryStatus: 'failed' as const, test: false },
      { id: 8, deliveryId: 'a', deliveryStatus: 'pending' as const, test: false },
      { id: 7, deliveryId: 'b', deliveryStatus: 'succeeded' as const, test: false },
      { id: 6, deliveryId: 'c', deliveryStatus: 'failed' as const, test: true },
      { id: 5, deliveryId: 'd', deliveryStatus: 'pending' as const, test: false },
    ];
    expect([...resendableAttempts(attempts)]).toEqual([9]);
  });
});
