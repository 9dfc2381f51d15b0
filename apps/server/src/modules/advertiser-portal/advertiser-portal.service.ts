import {
  WELCOME_KEY_TTL_DAYS,
  type AdvertiserConversion,
  type AdvertiserConversionsFilter,
  type AdvertiserOffer,
  type AdvertiserOfferStatus,
  type AdvertiserUser,
  type AdvertiserUserInvite,
  type AdvertiserUserUpdate,
  type ConversionStatus,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { toIso } from '../../lib/reply.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { issuePasswordKey, passwordKeyLink } from '../auth/index.js';
import {
  advertiserById,
  advertiserUsers,
  conversionsOf,
  endSessionsOfUser,
  insertAdvertiserUser,
  lockAdvertiserUser,
  offersOf,
  setAdvertiserUserEnabled,
  type AdvertiserUserRow,
} from './advertiser-portal.repository.js';

/**
 * The advertiser portal (decision 087). Staff invite an advertiser's users as they open staff accounts (a mail with a
 * link to choose the password, the password-reset key); the advertiser reads only its own records, and never a
 * payout, a margin or a partner's identity.
 */

export const ADVERTISER_NOT_FOUND = 'Advertiser not found.';
const EMAIL_TAKEN = 'A user with this e-mail already exists.';

const userDto = (row: AdvertiserUserRow): AdvertiserUser => ({
  id: row.id,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  enabled: row.enabled,
  passwordSet: row.passwordHash !== null,
  loggedAt: toIso(row.loggedAt),
  createdAt: toIso(row.createdAt) ?? '',
});

async function requireAdvertiser(db: Db, id: number) {
  const advertiser = await advertiserById(db, id);
  if (!advertiser) throw notFound(ADVERTISER_NOT_FOUND);
  return advertiser;
}

export async function listAdvertiserUsers(db: Db, advertiserId: number): Promise<AdvertiserUser[]> {
  await requireAdvertiser(db, advertiserId);
  return (await advertiserUsers(db, advertiserId)).map(userDto);
}

export type InviteContext = { db: Db; mailer: Mailer; publicUrl: string; now: Date; actor: AuditActor };

/** Opens an advertiser user and mails it the link to choose its password, in one transaction (audited). */
export async function inviteAdvertiserUser(
  ctx: InviteContext,
  advertiserId: number,
  body: AdvertiserUserInvite,
): Promise<AdvertiserUser> {
  const advertiser = await requireAdvertiser(ctx.db, advertiserId);
  const user = await ctx.db
    .transaction(async (tx) => {
      const row = await insertAdvertiserUser(tx, { advertiserId, ...body, email: body.email.toLowerCase(), now: ctx.now }); // prettier-ignore
      const dto = userDto(row);
      await recordAudit(
        tx,
        ctx.actor,
        [
          {
            action: 'create',
            entityType: 'user',
            entityId: row.id,
            parentId: advertiserId,
            changes: diffFields(null, {
              email: dto.email,
              firstname: dto.firstname,
              lastname: dto.lastname,
              roles: ['ROLE_ADVERTISER'],
              advertiserId,
            }),
          },
        ],
        ctx.now,
      );
      const key = await issuePasswordKey(tx, row.id, ctx.now, WELCOME_KEY_TTL_DAYS * 24 * 3600 * 1000);
      await ctx.mailer.enqueue(tx, {
        to: row.email,
        kind: 'advertiser-invitation',
        subject: `You are invited to the advertiser portal of ${advertiser.name}`,
        text: [
          `Hello ${row.firstname},`,
          '',
          `An account was opened for you on the network’s advertiser portal, for ${advertiser.name}. Choose your password within ${WELCOME_KEY_TTL_DAYS} days:`,
          '',
          passwordKeyLink(ctx.publicUrl, key),
          '',
          `Then sign in at ${ctx.publicUrl}/login with ${row.email}.`,
        ],
      });
      return dto;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : error;
    });
  void ctx.mailer.drain().catch(() => undefined);
  return user;
}

const USER_NOT_FOUND = 'No user of this advertiser has this id.';

/**
 * Disables or enables an advertiser user (decision 100), audited. Disabled, it cannot sign in (the sign-in refuses a
 * disabled user) and its sessions are deleted in the same transaction, so its bearer stops working at once.
 */
export async function updateAdvertiserUser(
  ctx: { db: Db; now: Date; actor: AuditActor },
  advertiserId: number,
  userId: number,
  body: AdvertiserUserUpdate,
): Promise<AdvertiserUser> {
  await requireAdvertiser(ctx.db, advertiserId);
  return ctx.db.transaction(async (tx) => {
    const before = await lockAdvertiserUser(tx, advertiserId, userId);
    if (!before) throw notFound(USER_NOT_FOUND);
    if (before.enabled === body.enabled) return userDto(before);
    const after = await setAdvertiserUserEnabled(tx, userId, body.enabled, ctx.now);
    if (!body.enabled) await endSessionsOfUser(tx, userId);
    await recordAudit(
      tx,
      ctx.actor,
      [
        {
          action: 'update',
          entityType: 'user',
          entityId: userId,
          parentId: advertiserId,
          changes: diffFields({ enabled: before.enabled }, { enabled: after.enabled }),
        },
      ],
      ctx.now,
    );
    return userDto(after);
  });
}

export async function advertiserMe(db: Db, advertiserId: number) {
  return requireAdvertiser(db, advertiserId);
}

function offerStatus(
  offer: { enabled: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): AdvertiserOfferStatus {
  if (!offer.enabled) return 'paused';
  if (offer.endsAt && offer.endsAt <= now) return 'ended';
  if (offer.startsAt && offer.startsAt > now) return 'scheduled';
  return 'active';
}

export async function advertiserOffers(db: Db, advertiserId: number, now: Date): Promise<AdvertiserOffer[]> {
  const { rows, caps } = await offersOf(db, advertiserId);
  return rows.map((offer) => ({
    id: offer.id,
    name: offer.name,
    status: offerStatus(offer, now),
    currency: offer.currency,
    startsAt: toIso(offer.startsAt),
    endsAt: toIso(offer.endsAt),
    caps: caps
      .filter((cap) => cap.offerId === offer.id)
      .map((cap) => ({ metric: cap.metric, period: cap.period, limit: cap.limit })),
  }));
}

export async function advertiserConversions(
  db: Db,
  advertiserId: number,
  query: AdvertiserConversionsFilter,
): Promise<{ list: AdvertiserConversion[]; total: number }> {
  const { page, count, ...filters } = query;
  const { showPartnerNames } = await requireAdvertiser(db, advertiserId);
  const paging = { offset: (page - 1) * count, limit: count };
  const { rows, total } = await conversionsOf(db, advertiserId, filters, paging, showPartnerNames);
  return {
    list: rows.map((row) => ({
      ...row,
      createdAt: toIso(row.createdAt) ?? '',
      status: row.status as ConversionStatus,
    })),
    total,
  };
}
