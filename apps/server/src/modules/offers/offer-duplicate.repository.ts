import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { goals, offerCaps, offerCreatives, offerGoalTypes, offerGoals, offerLandingPages } from '../../db/schema.js';

/**
 * What a duplicate copies besides the offer's own columns and lists (decision 098): its goals with their tiers (the
 * retired goals left out, as on any new offer), its caps (without their usage), its creatives (their pictures shared,
 * not copied: a file is never deleted with a creative) and its landing pages.
 */

/** Copies the source's goals and tiers onto the new offer; answers the ids of the goals copied. */
export async function copyGoals(tx: DbOrTx, fromOfferId: number, toOfferId: number): Promise<number[]> {
  const sources = await tx
    .select({ row: offerGoals })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(and(eq(offerGoals.offerId, fromOfferId), isNull(goals.retiredAt)))
    .orderBy(asc(offerGoals.id));
  if (sources.length === 0) return [];
  const tiers = await tx
    .select()
    .from(offerGoalTypes)
    .where(
      inArray(
        offerGoalTypes.offerGoalId,
        sources.map((s) => s.row.id),
      ),
    )
    .orderBy(asc(offerGoalTypes.id));
  for (const { row } of sources) {
    const { id: sourceId, offerId: _offerId, ...goal } = row;
    const [copy] = await tx
      .insert(offerGoals)
      .values({ ...goal, offerId: toOfferId })
      .returning({ id: offerGoals.id });
    if (!copy) throw new Error('offer goal copy returned nothing');
    const own = tiers.filter((t) => t.offerGoalId === sourceId);
    if (own.length > 0) {
      await tx.insert(offerGoalTypes).values(
        own.map((t) => ({
          offerGoalId: copy.id,
          goalTypeId: t.goalTypeId,
          payoutAmount: t.payoutAmount,
          payoutPercent: t.payoutPercent,
        })),
      );
    }
  }
  return sources.map((s) => s.row.goalId);
}

type Stamp = { createdBy: number | null; now: Date };

/** Copies the source's caps (the offer's and its partners'), each starting with nothing used; answers how many. */
export async function copyCaps(tx: DbOrTx, fromOfferId: number, toOfferId: number, { createdBy, now }: Stamp) {
  const rows = await tx.select().from(offerCaps).where(eq(offerCaps.offerId, fromOfferId)).orderBy(asc(offerCaps.id));
  if (rows.length === 0) return 0;
  await tx.insert(offerCaps).values(
    rows.map((c) => ({
      offerId: toOfferId,
      partnerId: c.partnerId,
      metric: c.metric,
      period: c.period,
      limit: c.limit,
      createdBy,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return rows.length;
}

/** Copies the source's creatives, sharing their pictures; answers how many. */
export async function copyCreatives(tx: DbOrTx, fromOfferId: number, toOfferId: number, { createdBy, now }: Stamp) {
  const rows = await tx
    .select()
    .from(offerCreatives)
    .where(eq(offerCreatives.offerId, fromOfferId))
    .orderBy(asc(offerCreatives.id));
  if (rows.length === 0) return 0;
  await tx.insert(offerCreatives).values(
    rows.map((c) => ({
      offerId: toOfferId,
      kind: c.kind,
      name: c.name,
      imageId: c.imageId,
      width: c.width,
      height: c.height,
      html: c.html,
      text: c.text,
      createdBy,
      createdAt: now,
    })),
  );
  return rows.length;
}

/** Copies the source's landing pages, sharing their preview pictures; answers how many. */
export async function copyLandingPages(tx: DbOrTx, fromOfferId: number, toOfferId: number, { createdBy, now }: Stamp) {
  const rows = await tx
    .select()
    .from(offerLandingPages)
    .where(eq(offerLandingPages.offerId, fromOfferId))
    .orderBy(asc(offerLandingPages.id));
  if (rows.length === 0) return 0;
  await tx.insert(offerLandingPages).values(
    rows.map((p) => ({
      offerId: toOfferId,
      name: p.name,
      url: p.url,
      previewImageId: p.previewImageId,
      createdBy,
      createdAt: now,
    })),
  );
  return rows.length;
}
