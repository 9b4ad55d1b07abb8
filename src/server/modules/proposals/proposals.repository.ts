import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';

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
        isvCost: proposals.isvCost,
        ivaCost: proposals.ivaCost,
        transportCost: proposals.transportCost,
        registrationFee: proposals.registrationFee,
        totalCost: proposals.totalCost,
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

export async function deleteProposal(db: DbOrTx, id: number): Promise<ProposalRow | undefined> {
  const [row] = await db.delete(proposals).where(eq(proposals.id, id)).returning();
  return row;
}

/** Every proposal of one lead moves to another (a merge). */
export async function moveProposalsToLead(db: DbOrTx, fromLeadId: number, toLeadId: number): Promise<void> {
  await db.update(proposals).set({ leadId: toLeadId }).where(eq(proposals.leadId, fromLeadId));
}

/**
 * Counts one customer view in a single statement; `first` is true for exactly one caller, however
 * many open the page at once (the row lock orders them).
 */
export async function recordView(db: DbOrTx, publicId: string, at: Date) {
  const [row] = await db
    .update(proposals)
    .set({
      viewCount: sql`${proposals.viewCount} + 1`,
      lastViewedAt: at,
      firstViewedAt: sql`coalesce(${proposals.firstViewedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(proposals.publicId, publicId))
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
