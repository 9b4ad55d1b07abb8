import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leads } from '../../db/schema/leads.ts';
import { proposals } from '../../db/schema/proposals.ts';

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
