import type { z } from 'zod';
import {
  expandPostbackUrl,
  type PostbackBodySchema,
  POSTBACK_SAMPLE_VALUES,
  unknownMacros,
  type Offer,
  type Postback,
  type PostbackBody,
  type RevivedDates,
} from '@portal/contracts';

/** What the form edits: the body's input shape; blank optional texts are sent as null. */
export type PostbackFormValues = z.input<typeof PostbackBodySchema>;

export type PostbackItem = RevivedDates<Postback>;
type OfferItem = Pick<
  RevivedDates<Offer>,
  'id' | 'name' | 'enabled' | 'requireApproval' | 'partnerStatus' | 'offerGoals'
>;
export type Option = { value: string; label: string };

export const EMPTY_POSTBACK: Required<PostbackFormValues> = {
  name: '',
  url: '',
  goalId: null,
  offers: [],
  subId: '',
  enabled: true,
};

export function toFormValues(postback: PostbackItem | null): Required<PostbackFormValues> {
  if (!postback) return { ...EMPTY_POSTBACK, offers: [] };
  return {
    name: postback.name ?? '',
    url: postback.url,
    goalId: postback.goalId,
    offers: (postback.offers ?? []).map((offer) => offer.id),
    subId: postback.subId ?? '',
    enabled: postback.enabled,
  };
}

/** The body as the server wants it: blank optional texts become null. */
export function toBody(values: PostbackBody): PostbackBody {
  const blank = (value: string | null | undefined) => (value ? value : null);
  return { ...values, name: blank(values.name), subId: blank(values.subId) };
}

/** The URL as a conversion with the sample values would fire it, for the form's live preview. */
export const previewUrl = (url: string): string => expandPostbackUrl(url.trim(), POSTBACK_SAMPLE_VALUES);

/** The unknown macros of a URL as the error text names them ('{foo}, {bar}'). */
export const unknownMacroList = (url: string): string =>
  unknownMacros(url)
    .map((name) => `{${name}}`)
    .join(', ');

/** Inserts `{macro}` in place of the selection; answers the new value and where the caret goes. */
export function insertMacro(
  value: string,
  macro: string,
  selectionStart: number | null,
  selectionEnd: number | null,
): { value: string; caret: number } {
  const token = `{${macro}}`;
  const start = selectionStart ?? value.length;
  const end = Math.max(start, selectionEnd ?? start);
  return { value: `${value.slice(0, start)}${token}${value.slice(end)}`, caret: start + token.length };
}

/** Whether the partner may send traffic to an offer it sees (decision 006: enabled, approved when required). */
export const mayRun = (offer: OfferItem): boolean =>
  offer.enabled && (!offer.requireApproval || offer.partnerStatus === 'active');

/**
 * The offers to choose from: those the partner may run, plus the ones the postback is already bound to (so an
 * edit shows them, and the server explains if one is no longer allowed).
 */
export function offerOptions(offers: readonly OfferItem[], bound: readonly { id: number; name: string }[]): Option[] {
  const options = new Map<number, string>();
  for (const offer of offers) if (mayRun(offer)) options.set(offer.id, offer.name);
  for (const offer of bound) if (!options.has(offer.id)) options.set(offer.id, offer.name);
  return [...options].map(([id, name]) => ({ value: String(id), label: name }));
}

/**
 * The goals to choose from: those of the chosen offers, or of every offer the partner may run when none is chosen
 * (a global postback), plus the postback's current goal; by name.
 */
export function goalOptions(
  offers: readonly OfferItem[],
  chosen: readonly number[],
  current: { id: number; name: string } | null,
): Option[] {
  const pool = chosen.length > 0 ? offers.filter((offer) => chosen.includes(offer.id)) : offers.filter(mayRun);
  const goals = new Map<number, string>();
  for (const offer of pool) {
    for (const offerGoal of offer.offerGoals ?? []) {
      if (offerGoal.goal) goals.set(offerGoal.goal.id, offerGoal.goal.name);
    }
  }
  if (current && !goals.has(current.id)) goals.set(current.id, current.name);
  return [...goals].sort((a, b) => a[1].localeCompare(b[1])).map(([id, name]) => ({ value: String(id), label: name }));
}
