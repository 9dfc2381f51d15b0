import {
  AUDIT_SECRET_CHANGED,
  POSTBACK_PATH,
  formErrorText,
  type AdvertiserCreate,
  type AdvertiserDetail,
  type AdvertiserUpdate,
  type PaymentTerms,
  type ProductCreate,
  type ProductUpdate,
  type StaffAdvertiser,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { toIso } from '../../lib/reply.js';
import { randomToken } from '../../lib/tokens.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { goalsOfAdvertiser } from '../goals/index.js';
import {
  advertiserWithCounts,
  fileMimeType,
  insertAdvertiser,
  insertProduct,
  lockAdvertiser,
  lockProduct,
  productById,
  productDto,
  productOffers,
  productsOf,
  updateAdvertiser,
  updateProduct,
  type AdvertiserRow,
  type ProductRow,
} from './advertisers.repository.js';

export const ADVERTISER_NOT_FOUND = 'Advertiser not found.';
const PRODUCT_NOT_FOUND = 'Product not found.';
const IDENTIFIER_TAKEN = 'Another product already has this identifier.';

type Context = { actor: AuditActor; now: Date };

/** The postback URL an advertiser's server is given: every field of /postback, the values as its macros. */
export function postbackUrlOf(publicUrl: string, token: string): string {
  const base = `${publicUrl.replace(/\/+$/, '')}${POSTBACK_PATH}`;
  return `${base}?token=${encodeURIComponent(token)}&click_id={click_id}&goal={goal}&amount={amount}&transaction_id={transaction_id}`;
}

/** The postback URL for one goal: its code in place of the `{goal}` macro, ready to hand to the advertiser. */
export function goalPostbackUrlOf(publicUrl: string, token: string, code: string): string {
  return postbackUrlOf(publicUrl, token).replace('goal={goal}', `goal=${encodeURIComponent(code)}`);
}

type Listed = Awaited<ReturnType<typeof advertiserWithCounts>> & object;

export function advertiserSummary({ advertiser: a, productCount, offerCount, lastPostbackAt }: Listed): StaffAdvertiser {
  return {
    id: a.id,
    name: a.name,
    enabled: a.enabled,
    securityToken: a.securityToken,
    contactEmail: a.contactEmail,
    currency: a.currency,
    notes: a.notes,
    billingTerms: a.billingTerms as PaymentTerms,
    billingAddress: a.billingAddress,
    country: a.country,
    vatNumber: a.vatNumber,
    showPartnerNames: a.showPartnerNames,
    productCount,
    offerCount,
    lastPostbackAt: toIso(lastPostbackAt),
    createdAt: toIso(a.createdAt) ?? '',
  };
} // prettier-ignore

export async function advertiserDetail(
  db: DbOrTx,
  id: number,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<AdvertiserDetail> {
  const row = await advertiserWithCounts(db, id);
  if (!row) throw notFound(ADVERTISER_NOT_FOUND);
  const a = row.advertiser;
  const graceLeft = a.previousToken && a.previousTokenExpiresAt && a.previousTokenExpiresAt > now;
  return {
    ...advertiserSummary(row),
    postbackUrl: postbackUrlOf(publicUrl, a.securityToken),
    previousTokenExpiresAt: graceLeft ? toIso(a.previousTokenExpiresAt) : null,
    products: await productsOf(db, id),
    goalPostbacks: (await goalsOfAdvertiser(db, id)).map((g) => ({
      code: g.identifier,
      name: g.name,
      retired: g.retiredAt !== null,
      url: goalPostbackUrlOf(publicUrl, a.securityToken, g.identifier),
    })),
  };
}

/** The audited fields of an advertiser: the token only as changed, never its value. */
const advertiserFields = (a: AdvertiserRow) => ({
  name: a.name,
  enabled: a.enabled,
  contactEmail: a.contactEmail,
  currency: a.currency,
  notes: a.notes,
  billingTerms: a.billingTerms,
  billingAddress: a.billingAddress,
  country: a.country,
  vatNumber: a.vatNumber,
  showPartnerNames: a.showPartnerNames,
});

export async function createAdvertiser(db: DbOrTx, body: AdvertiserCreate, { actor, now }: Context) {
  return db.transaction(async (tx) => {
    const row = await insertAdvertiser(tx, {
      name: body.name,
      enabled: body.enabled ?? true,
      contactEmail: body.contactEmail ?? null,
      currency: body.currency ?? 'EUR',
      notes: body.notes ?? null,
      billingTerms: body.billingTerms ?? 'net30',
      billingAddress: body.billingAddress?.trim() || null,
      country: body.country ?? null,
      vatNumber: body.vatNumber ?? null,
      showPartnerNames: body.showPartnerNames ?? false,
      securityToken: randomToken(),
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'create',
          entityType: 'advertiser',
          entityId: row.id,
          changes: [
            ...diffFields(null, advertiserFields(row)),
            { field: 'securityToken', before: null, after: AUDIT_SECRET_CHANGED },
          ],
        },
      ],
      now,
    );
    return row.id;
  });
}

export async function changeAdvertiser(db: DbOrTx, id: number, body: AdvertiserUpdate, { actor, now }: Context) {
  await db.transaction(async (tx) => {
    const before = await lockAdvertiser(tx, id);
    if (!before) throw notFound(ADVERTISER_NOT_FOUND);
    const values = Object.fromEntries(
      Object.entries(body).filter(([, v]) => v !== undefined),
    ) as Partial<AdvertiserRow>;
    if (values.billingAddress !== undefined) values.billingAddress = values.billingAddress?.trim() || null;
    const changes = diffFields(advertiserFields(before), { ...advertiserFields(before), ...values });
    if (changes.length === 0) return;
    await updateAdvertiser(tx, id, { ...values, updatedAt: now });
    await recordAudit(tx, actor, [{ action: 'update', entityType: 'advertiser', entityId: id, changes }], now);
  });
}

/**
 * A new token at once; the old one is accepted `graceHours` more (0: refused from now), so that the advertiser can
 * switch its server over without losing a conversion. The log shows both as changed, and the grace's end.
 */
export async function rotateToken(db: DbOrTx, id: number, graceHours: number, { actor, now }: Context) {
  await db.transaction(async (tx) => {
    const before = await lockAdvertiser(tx, id);
    if (!before) throw notFound(ADVERTISER_NOT_FOUND);
    const graceUntil = new Date(now.getTime() + graceHours * 3600 * 1000);
    await updateAdvertiser(tx, id, {
      securityToken: randomToken(),
      previousToken: before.securityToken,
      previousTokenExpiresAt: graceUntil,
      updatedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'rotate_token',
          entityType: 'advertiser',
          entityId: id,
          changes: [
            { field: 'securityToken', before: AUDIT_SECRET_CHANGED, after: AUDIT_SECRET_CHANGED },
            { field: 'previousTokenExpiresAt', before: toIso(before.previousTokenExpiresAt), after: graceUntil.toISOString() },
          ],
          reason: graceHours === 0 ? 'The previous token was revoked at once.' : `The previous token works ${graceHours} h more.`,
        },
      ],
      now,
    );
  });
} // prettier-ignore

// ---------------------------------------------------------------- products

/** A logo must be an image already stored (POST /staff/images, or a seeded one). */
async function checkLogo(db: DbOrTx, logoId: number | null | undefined) {
  if (logoId === null || logoId === undefined) return;
  const mimeType = await fileMimeType(db, logoId);
  if (!mimeType?.startsWith('image/')) {
    throw badRequest('The request is invalid.', { logoId: formErrorText('oneOf') });
  }
}

const productFields = (p: ProductRow) => ({
  identifier: p.identifier,
  type: p.type,
  domain: p.domain,
  enabled: p.enabled,
  logoId: p.logoId,
  cross: p.cross,
  coreg: p.coreg,
});

const uniqueIdentifier = (error: unknown) => {
  throw isUniqueViolation(error) ? conflict(IDENTIFIER_TAKEN, { identifier: IDENTIFIER_TAKEN }) : error;
};

export async function createProduct(db: DbOrTx, advertiserId: number, body: ProductCreate, { actor, now }: Context) {
  await checkLogo(db, body.logoId);
  return db
    .transaction(async (tx) => {
      if (!(await lockAdvertiser(tx, advertiserId))) throw notFound(ADVERTISER_NOT_FOUND);
      const row = await insertProduct(tx, {
        advertiserId,
        identifier: body.identifier,
        type: body.type,
        domain: body.domain,
        enabled: body.enabled ?? true,
        logoId: body.logoId ?? null,
        cross: body.cross ?? false,
        coreg: body.coreg ?? false,
      });
      await recordAudit(
        tx,
        actor,
        [
          {
            action: 'create',
            entityType: 'product',
            entityId: row.id,
            parentId: advertiserId,
            changes: diffFields(null, productFields(row)),
          },
        ],
        now,
      );
      return productDto(row, 0);
    })
    .catch(uniqueIdentifier);
}

export async function changeProduct(db: DbOrTx, id: number, body: ProductUpdate, { actor, now }: Context) {
  await checkLogo(db, body.logoId);
  await db
    .transaction(async (tx) => {
      const before = await lockProduct(tx, id);
      if (!before) throw notFound(PRODUCT_NOT_FOUND);
      const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<ProductRow>;
      const changes = diffFields(productFields(before), { ...productFields(before), ...values });
      if (changes.length === 0) return;
      await updateProduct(tx, id, values);
      await recordAudit(
        tx,
        actor,
        [{ action: 'update', entityType: 'product', entityId: id, parentId: before.advertiserId, changes }],
        now,
      );
    })
    .catch(uniqueIdentifier);
  const row = await productById(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return productDto(row, await productOffers(db, id));
}
