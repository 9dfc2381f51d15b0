import { decimalText, parseBasisPoints, parseMinorUnits, type OfferCreate } from '@portal/contracts';
import { type StaffOfferData } from '../api/get-staff-offer';

/** One goal as the editor holds it: amounts and percents as typed. */
export type GoalDraft = {
  goal: string;
  revenueAmount: string;
  revenuePercent: string;
  payoutAmount: string;
  payoutPercent: string;
  allowNegativeMargin: boolean;
  manualValidation: boolean;
  /** The tag's and pixels' conversions count as a postback's (decision 085). */
  trustClientConversions: boolean;
  private: boolean;
  /** The offer's main goal (decision 105). */
  main: boolean;
  /** Other tiers (p2 …), payout as typed. */
  types: { type: string; payoutAmount: string; payoutPercent: string }[];
};

export type Draft = {
  name: string;
  productId: string;
  conversionType: string;
  currency: string;
  defaultUrl: string;
  previewUrl: string;
  fallbackUrl: string;
  descriptionHtml: string;
  countries: string[];
  verticals: string[];
  private: boolean;
  allowedPartnerIds: string[];
  requireApproval: boolean;
  enabled: boolean;
  geoTargeting: boolean;
  /** One origin a line, as typed (decision 085). */
  tagOrigins: string;
  tagClickParam: string;
  startsAt: string;
  endsAt: string;
  imageId: number | null;
  image: string | null;
  goals: GoalDraft[];
};

export const emptyGoal = (goal = ''): GoalDraft => ({
  goal,
  revenueAmount: '',
  revenuePercent: '',
  payoutAmount: '',
  payoutPercent: '',
  allowNegativeMargin: false,
  manualValidation: false,
  trustClientConversions: false,
  private: false,
  main: false,
  types: [],
});

/** A datetime-local value (the browser's zone) from a date, and back. */
export const toLocalInput = (date: Date | null) =>
  date ? new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
export const bp = (value: number | null) => decimalText(value, 2);

export function draftOf(offer: StaffOfferData | null): Draft {
  if (!offer)
    return {
      name: '',
      productId: '',
      conversionType: 'cpa',
      currency: 'EUR',
      defaultUrl: 'https://',
      previewUrl: '',
      fallbackUrl: '',
      descriptionHtml: '',
      countries: [],
      verticals: [],
      private: false,
      allowedPartnerIds: [],
      requireApproval: false,
      enabled: true,
      geoTargeting: true,
      tagOrigins: '',
      tagClickParam: 'click_id',
      startsAt: '',
      endsAt: '',
      imageId: null,
      image: null,
      goals: [emptyGoal('registration')],
    };
  return {
    name: offer.name,
    productId: String(offer.productId),
    conversionType: offer.conversionType,
    currency: offer.currency,
    defaultUrl: offer.defaultUrl,
    previewUrl: offer.previewUrl ?? '',
    fallbackUrl: offer.fallbackUrl ?? '',
    descriptionHtml: offer.descriptionHtml,
    countries: offer.countries,
    verticals: offer.verticals.map(String),
    private: offer.private,
    allowedPartnerIds: offer.allowedPartnerIds.map(String),
    requireApproval: offer.requireApproval,
    enabled: offer.enabled,
    geoTargeting: offer.geoTargeting,
    tagOrigins: offer.tagOrigins.join('\n'),
    tagClickParam: offer.tagClickParam,
    startsAt: toLocalInput(offer.startsAt),
    endsAt: toLocalInput(offer.endsAt),
    imageId: offer.imageId,
    image: offer.image,
    goals: offer.goals.map((g) => ({
      goal: g.goal,
      revenueAmount: decimalText(g.revenueAmount),
      revenuePercent: bp(g.revenuePercent),
      payoutAmount: decimalText(g.payoutAmount),
      payoutPercent: bp(g.payoutPercent),
      allowNegativeMargin: g.allowNegativeMargin,
      manualValidation: g.manualValidation,
      trustClientConversions: g.trustClientConversions,
      private: g.private,
      main: g.main,
      types: g.types.map((tier) => ({ type: tier.type, payoutAmount: decimalText(tier.payoutAmount), payoutPercent: bp(tier.payoutPercent) })), // prettier-ignore
    })),
  };
}

/** The body POST and PUT take; amounts in minor units of the offer's currency, percents in basis points. */
export function bodyOf(d: Draft): OfferCreate {
  const money = (text: string) => parseMinorUnits(text, d.currency);
  return {
    name: d.name,
    productId: Number(d.productId) || 0,
    conversionType: d.conversionType as OfferCreate['conversionType'],
    currency: d.currency as OfferCreate['currency'],
    defaultUrl: d.defaultUrl,
    previewUrl: d.previewUrl.trim() || null,
    fallbackUrl: d.fallbackUrl.trim() || null,
    descriptionHtml: d.descriptionHtml,
    countries: d.countries,
    verticals: d.verticals.map(Number),
    private: d.private,
    allowedPartnerIds: d.private ? d.allowedPartnerIds.map(Number) : [],
    requireApproval: d.requireApproval,
    enabled: d.enabled,
    geoTargeting: d.geoTargeting,
    tagOrigins: d.tagOrigins.split(/[\s,]+/).filter(Boolean),
    tagClickParam: d.tagClickParam,
    startsAt: fromLocalInput(d.startsAt),
    endsAt: fromLocalInput(d.endsAt),
    imageId: d.imageId,
    goals: d.goals.map((g) => ({
      goal: g.goal,
      revenueAmount: money(g.revenueAmount),
      revenuePercent: parseBasisPoints(g.revenuePercent),
      payoutAmount: money(g.payoutAmount),
      payoutPercent: parseBasisPoints(g.payoutPercent),
      allowNegativeMargin: g.allowNegativeMargin,
      manualValidation: g.manualValidation,
      trustClientConversions: g.trustClientConversions,
      private: g.private,
      main: g.main,
      types: g.types.map((tier) => ({ type: tier.type, payoutAmount: money(tier.payoutAmount), payoutPercent: parseBasisPoints(tier.payoutPercent) })), // prettier-ignore
    })),
  };
}
