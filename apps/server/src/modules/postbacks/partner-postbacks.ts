import { POSTBACK_FIRING_STATUSES, expandPostbackUrl, minorUnitDigits, type PostbackMacro } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { clickIpOf, goalNameOf, insertDeliveries, matchingPostbacks } from './delivery/deliveries.repository.js';

/** What a conversion brings to its partner's postbacks (the tracking module's row, as it was recorded). */
export type ConversionEvent = {
  id: number;
  partnerId: number;
  offerId: number;
  goalId: number | null;
  /** The goal identifier as the advertiser sent it ({goal}). */
  goal: string;
  status: string;
  /** Minor units. */
  payout: number;
  currency: string;
  clickId: string | null;
  transactionId: string | null;
  subid: string | null;
  tc1: string | null;
  tc2: string | null;
  tc3: string | null;
  tc4: string | null;
  createdAt: Date;
  /** The sale amount the advertiser reported, minor units ({sale_amount}); null or absent without one. */
  amount?: number | null;
  /** The click's country ({country}). */
  country?: string | null;
  /** When the click happened: finds its row (and its visitor's address, {ip}) in its month's partition. */
  clickedAt?: Date | null;
};

/** What {goal_name} and {ip} need beyond the conversion's row, read only when a postback uses them. */
export type MacroExtras = { goalName?: string | null; ip?: string | null };

/** 1250 EUR → '12.50', 1250 JPY → '1250': exact, no binary float in between. */
export function majorUnitAmount(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const negative = amountMinor < 0;
  const text = String(Math.abs(Math.trunc(amountMinor))).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The macro values of a conversion (decision 019): payout in major units, timestamp in Unix seconds. */
export function macroValuesOf(
  conversion: ConversionEvent,
  extras: MacroExtras = {},
): Record<PostbackMacro, string | null> {
  return {
    click_id: conversion.clickId,
    conversion_id: String(conversion.id),
    transaction_id: conversion.transactionId,
    offer_id: String(conversion.offerId),
    goal: conversion.goal,
    payout: majorUnitAmount(conversion.payout, conversion.currency),
    currency: conversion.currency,
    status: conversion.status,
    subid: conversion.subid,
    tc1: conversion.tc1,
    tc2: conversion.tc2,
    tc3: conversion.tc3,
    tc4: conversion.tc4,
    timestamp: String(Math.floor(conversion.createdAt.getTime() / 1000)),
    country: conversion.country ?? null,
    ip: extras.ip ?? null,
    sale_amount:
      conversion.amount === null || conversion.amount === undefined
        ? null
        : majorUnitAmount(conversion.amount, conversion.currency),
    goal_name: extras.goalName ?? conversion.goal,
  };
}

const isFiring = (status: string) => (POSTBACK_FIRING_STATUSES as readonly string[]).includes(status);

/**
 * The outbox write (decision 019): one pending delivery per enabled postback of the partner that matches the
 * conversion (no offers or this offer, no goal or this goal, no sub-ID or this sub-ID), with its URL expanded now.
 * Runs inside the transaction that records the conversion, so a delivery exists exactly when the conversion does.
 * A repeat of the same event (postback, conversion, status) is dropped by the unique index. Answers how many rows
 * were written; rejected conversions write none. `at` is when the event happened: the conversion's time, or a later
 * review that approved it (decision 023).
 */
export async function enqueuePostbackDeliveries(
  tx: DbOrTx,
  conversion: ConversionEvent,
  at: Date = conversion.createdAt,
  options: { statusChange?: boolean } = {},
): Promise<number> {
  // A rejection on arrival tells no one; a change after the fact (a reversal, decision 069) fires whatever its status.
  if (!isFiring(conversion.status) && options.statusChange !== true) return 0;
  const matching = await matchingPostbacks(tx, conversion);
  if (matching.length === 0) return 0;
  const uses = (name: PostbackMacro) => matching.some((postback) => postback.url.includes(`{${name}}`));
  const extras: MacroExtras = {};
  if (uses('goal_name') && conversion.goalId !== null) extras.goalName = await goalNameOf(tx, conversion.goalId);
  if (uses('ip') && conversion.clickId)
    extras.ip = await clickIpOf(tx, conversion.clickId, conversion.clickedAt ?? null);
  const values = macroValuesOf(conversion, extras);
  return insertDeliveries(
    tx,
    matching.map((postback) => ({
      postbackId: postback.id,
      partnerId: conversion.partnerId,
      conversionId: conversion.id,
      conversionStatus: conversion.status,
      url: expandPostbackUrl(postback.url, values),
      status: 'pending',
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    })),
  );
}
