import { and, asc, eq, isNotNull, lte, notExists, notInArray, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { leads } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import type { ListingChange } from '#shared/listings/watch.ts';

/** What the watch reads of a proposal and its lead. */
const watchColumns = {
  id: proposals.id,
  leadId: proposals.leadId,
  sourceListing: proposals.sourceListing,
  vehicleBrand: proposals.vehicleBrand,
  vehicleModel: proposals.vehicleModel,
  vehiclePrice: proposals.vehiclePrice,
  listedPrice: proposals.listedPrice,
  listedCurrency: proposals.listedCurrency,
  vehicleMileage: proposals.vehicleMileage,
  listingChange: proposals.listingChange,
  listingBlockedCount: proposals.listingBlockedCount,
  leadReference: leads.reference,
  leadFirstName: leads.firstName,
  leadLastName: leads.lastName,
};

/**
 * Proposals the listing watch reads next (ADR 068): sent, with a listing address, their lead
 * neither converted nor rejected, no import made from them, and due (never read, or their next
 * read has come). Oldest due first.
 */
export function dueForWatch(db: DbOrTx, now: Date, limit: number) {
  return db
    .select(watchColumns)
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    .where(
      and(
        isNotNull(proposals.sentAt),
        isNotNull(proposals.sourceListing),
        notInArray(leads.status, ['converted', 'rejected']),
        notExists(
          db
            .select({ one: sql`1` })
            .from(imports)
            .where(eq(imports.proposalId, proposals.id)),
        ),
        or(isNull(proposals.listingNextCheckAt), lte(proposals.listingNextCheckAt, now)),
      ),
    )
    .orderBy(sql`${proposals.listingNextCheckAt} asc nulls first`, asc(proposals.id))
    .limit(limit);
}

export type WatchedProposal = Awaited<ReturnType<typeof dueForWatch>>[number];

/** One proposal of a lead, whatever its schedule (staff asked for a check now). */
export async function findWatched(db: DbOrTx, id: number): Promise<WatchedProposal | undefined> {
  const [row] = await db
    .select(watchColumns)
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    .where(eq(proposals.id, id))
    .limit(1);
  return row;
}

/** The outcome of one read: when the next one is due, blocked reads in a row, and what the listing shows. */
export async function recordWatch(
  db: DbOrTx,
  id: number,
  values: { nextAt: Date; blockedCount: number; checkedAt?: Date; change?: ListingChange | null },
): Promise<void> {
  await db
    .update(proposals)
    .set({
      listingNextCheckAt: values.nextAt,
      listingBlockedCount: values.blockedCount,
      ...(values.checkedAt ? { listingCheckedAt: values.checkedAt } : {}),
      ...(values.change !== undefined ? { listingChange: values.change } : {}),
    })
    .where(eq(proposals.id, id));
}
