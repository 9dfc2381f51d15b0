import { describe, expect, it } from 'vitest';
import { OfferGoalInputSchema, moneyRuleIssues, overrideNeedsApproval, type GoalMoney } from './staff-offers.js';

const goal = (sides: Partial<GoalMoney>): GoalMoney => ({
  revenueAmount: null,
  revenuePercent: null,
  payoutAmount: null,
  payoutPercent: null,
  allowNegativeMargin: false,
  ...sides,
});

describe('the money rules of a goal (decision 063)', () => {
  it('refuses a payout above the revenue, side by side, unless the goal allows a negative margin', () => {
    expect(moneyRuleIssues(goal({ revenueAmount: 2189, payoutAmount: 100_000_000 }))).toEqual([{ field: 'payoutAmount', rule: 'negativeMargin' }]); // prettier-ignore
    expect(moneyRuleIssues(goal({ revenuePercent: 2000, payoutPercent: 2001 }))).toEqual([{ field: 'payoutPercent', rule: 'negativeMargin' }]); // prettier-ignore
    expect(moneyRuleIssues(goal({ revenueAmount: 800, payoutAmount: 800 }))).toEqual([]);
    // An amount and a percent cannot be compared before a sale is known.
    expect(moneyRuleIssues(goal({ revenuePercent: 100, payoutAmount: 5000 }))).toEqual([]);
    expect(moneyRuleIssues(goal({ revenueAmount: 300, payoutAmount: 310, allowNegativeMargin: true }))).toEqual([]);
  });

  it('keeps amounts and percents in range, whole', () => {
    expect(moneyRuleIssues(goal({ payoutAmount: -1 }))).toEqual([{ field: 'payoutAmount', rule: 'min' }]);
    expect(moneyRuleIssues(goal({ payoutAmount: 100_000_001 }))).toEqual([{ field: 'payoutAmount', rule: 'max' }]);
    expect(moneyRuleIssues(goal({ payoutPercent: 10_001 }))).toEqual([{ field: 'payoutPercent', rule: 'max' }]);
    expect(moneyRuleIssues(goal({ revenueAmount: 1.5 }))).toEqual([{ field: 'revenueAmount', rule: 'type' }]);
  });

  it("is the offer editor's rule too, reported once per field", () => {
    const parsed = OfferGoalInputSchema.safeParse({ goal: 'sale', revenueAmount: 500, payoutAmount: 600 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['payoutAmount', 'negativeMargin']]); // prettier-ignore
    const negative = OfferGoalInputSchema.safeParse({ goal: 'sale', revenueAmount: -1, payoutAmount: 0 });
    expect(negative.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['revenueAmount', 'min']]);
  });
});

describe('the approval step of an override (decision 063)', () => {
  const registration = goal({ revenueAmount: 800, payoutAmount: 400 });
  it('holds what is more than the step above the goal payout, percents against percents', () => {
    expect(overrideNeedsApproval(registration, { payoutAmount: 480, payoutPercent: null }, 20)).toBe(false);
    expect(overrideNeedsApproval(registration, { payoutAmount: 481, payoutPercent: null }, 20)).toBe(true);
    expect(overrideNeedsApproval(registration, { payoutAmount: 500, payoutPercent: null }, 30)).toBe(false);
    const sale = goal({ revenuePercent: 2000, payoutPercent: 1000 });
    expect(overrideNeedsApproval(sale, { payoutAmount: null, payoutPercent: 1250 }, 20)).toBe(true);
    expect(overrideNeedsApproval(sale, { payoutAmount: null, payoutPercent: 900 }, 20)).toBe(false);
  });

  it('holds a side the goal does not pay on, and any negative margin', () => {
    expect(overrideNeedsApproval(goal({ revenuePercent: 2000, payoutPercent: 1000 }), { payoutAmount: 100, payoutPercent: null }, 20)).toBe(true); // prettier-ignore
    expect(overrideNeedsApproval(goal({ revenuePercent: 2000, payoutPercent: 1000 }), { payoutAmount: 0, payoutPercent: null }, 20)).toBe(false); // prettier-ignore
    const loose = goal({ revenueAmount: 300, payoutAmount: 280, allowNegativeMargin: true });
    expect(overrideNeedsApproval(loose, { payoutAmount: 310, payoutPercent: null }, 20)).toBe(true);
  });
});
