import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { proposals, proposalViewVisits } from '#server/db/schema/proposals.ts';
import type { AppError } from '#server/lib/app-error.ts';
import { missedWriteError, nextVersion, versionedWhere, type VersionedWriteOptions } from '#server/lib/versioned.ts';

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposalRow = typeof proposals.$inferInsert;

/** A proposal by its public id with the few lead fields a customer may see; undefined when none. */
export async function findPublicProposal(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select({
      proposal: {
        vehicleBrand: proposals.vehicleBrand,
        vehicleModel: proposals.vehicleModel,
        vehicleSubmodel: proposals.vehicleSubmodel,
        vehicleFirstRegistration: proposals.vehicleFirstRegistration,
        vehicleMileage: proposals.vehicleMileage,
        vehicleEngineSize: proposals.vehicleEngineSize,
        vehicleFuelType: proposals.vehicleFuelType,
        vehiclePower: proposals.vehiclePower,
        vehicleCo2Emissions: proposals.vehicleCo2Emissions,
        vehicleCountry: proposals.vehicleCountry,
        vehiclePrice: proposals.vehiclePrice,
        vehicleOriginalPrice: proposals.vehicleOriginalPrice,
        vehiclePriceWithoutVat: proposals.vehiclePriceWithoutVat,
        vehicleGearbox: proposals.vehicleGearbox,
        listedPrice: proposals.listedPrice,
        listedCurrency: proposals.listedCurrency,
        exchangeRate: proposals.exchangeRate,
        exchangeRateDate: proposals.exchangeRateDate,
        isvCost: proposals.isvCost,
        ivaCost: proposals.ivaCost,
        transportCost: proposals.transportCost,
        registrationFee: proposals.registrationFee,
        totalCost: proposals.totalCost,
        taxDeclarationDate: proposals.taxDeclarationDate,
        sourceListing: proposals.sourceListing,
        imageUrls: proposals.imageUrls,
      },
      lead: {
        id: leads.id,
        firstName: leads.firstName,
        lastName: leads.lastName,
        email: leads.email,
        reference: leads.reference,
        emailSource: leads.emailSource,
      },
    })
    .from(proposals)
    .leftJoin(leads, eq(leads.id, proposals.leadId))
    .where(eq(proposals.publicId, publicId))
    .limit(1);
  return row;
}

/** A lead's proposals, newest first. */
export function listByLead(db: DbOrTx, leadId: number): Promise<ProposalRow[]> {
  return db
    .select()
    .from(proposals)
    .where(eq(proposals.leadId, leadId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
}

export async function findById(db: DbOrTx, id: number): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).limit(1);
  return row;
}

export async function insertProposal(db: DbOrTx, values: NewProposalRow): Promise<ProposalRow> {
  const [row] = await db.insert(proposals).values(values).returning();
  return row!;
}

export async function updateProposal(
  db: DbOrTx,
  id: number,
  values: Partial<NewProposalRow>,
): Promise<ProposalRow | undefined> {
  const [row] = await db.update(proposals).set(values).where(eq(proposals.id, id)).returning();
  return row;
}

/**
 * A save from the editor: adds one to the version (ADR 022) and, with `expected`, writes only while
 * the version is still that. Undefined when no row changed (see missedProposalWrite).
 */
export async function editProposal(
  db: DbOrTx,
  id: number,
  values: Partial<NewProposalRow>,
  expected: number | null,
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .update(proposals)
    .set({ ...values, ...nextVersion(proposals) })
    .where(versionedWhere(proposals, id, expected))
    .returning();
  return row;
}

/** Deletes the proposal while its version is still `expected` (or always); undefined when none went. */
export async function deleteProposal(
  db: DbOrTx,
  id: number,
  expected: number | null = null,
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .delete(proposals)
    .where(versionedWhere(proposals, id, expected))
    .returning();
  return row;
}

/** After an edit or delete that changed no row: 404 when the proposal is gone, else 409 STALE_VERSION. */
export const missedProposalWrite = (db: DbOrTx, id: number, opts: VersionedWriteOptions): Promise<AppError> =>
  missedWriteError(db, proposals, id, opts);

/** Every proposal of one lead moves to another (a merge). */
export async function moveProposalsToLead(db: DbOrTx, fromLeadId: number, toLeadId: number): Promise<void> {
  await db.update(proposals).set({ leadId: toLeadId }).where(eq(proposals.leadId, fromLeadId));
}

/**
 * The id of a proposal by its public id, its row locked until the transaction ends: every view of
 * one proposal takes this lock first, so its visits and counters change in one order (no deadlock).
 */
export async function lockForView(tx: DbOrTx, publicId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(eq(proposals.publicId, publicId))
    .for('update');
  return row?.id;
}

/**
 * Notes a visitor's view at `at` unless their last counted one is later than `since`, in one
 * statement; true when this view counts.
 */
export async function countVisit(
  tx: DbOrTx,
  visit: { proposalId: number; visitorHash: string },
  at: Date,
  since: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(proposalViewVisits)
    .values({ ...visit, lastCountedAt: at })
    .onConflictDoUpdate({
      target: [proposalViewVisits.proposalId, proposalViewVisits.visitorHash],
      set: { lastCountedAt: at },
      setWhere: lte(proposalViewVisits.lastCountedAt, since),
    })
    .returning({ proposalId: proposalViewVisits.proposalId });
  return rows.length > 0;
}

/** Forgets a proposal's visitors last counted at or before `before`: they would count again anyway. */
export async function pruneVisits(tx: DbOrTx, proposalId: number, before: Date): Promise<void> {
  await tx
    .delete(proposalViewVisits)
    .where(and(eq(proposalViewVisits.proposalId, proposalId), lte(proposalViewVisits.lastCountedAt, before)));
}

/** Counts one customer view; `first` is true for exactly one caller (the row lock orders them). */
export async function recordView(tx: DbOrTx, proposalId: number, at: Date) {
  const [row] = await tx
    .update(proposals)
    .set({
      viewCount: sql`${proposals.viewCount} + 1`,
      lastViewedAt: at,
      firstViewedAt: sql`coalesce(${proposals.firstViewedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(proposals.id, proposalId))
    .returning({
      id: proposals.id,
      leadId: proposals.leadId,
      viewCount: proposals.viewCount,
      brand: proposals.vehicleBrand,
      model: proposals.vehicleModel,
    });
  return row ? { ...row, first: row.viewCount === 1 } : undefined;
}

/** The lead a proposal view is reported on. */
export async function leadSummary(db: DbOrTx, leadId: number) {
  const [row] = await db
    .select({ id: leads.id, reference: leads.reference, firstName: leads.firstName, lastName: leads.lastName })
    .from(leads)
    .where(eq(leads.id, leadId))
    .limit(1);
  return row;
}

/** The first delivery to the customer (ADR 053): the proposal is sent from now on; a later one keeps the date. */
export async function markSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(proposals)
    .set({ sentAt: sql`coalesce(${proposals.sentAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(proposals.id, id));
}
