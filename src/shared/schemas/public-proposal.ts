/** The contract of the customer's proposal page (proposals.ts holds the staff calls). */
import { z } from 'zod';
import { EMAIL_SOURCES } from '#shared/leads/status.ts';
import { GEARBOXES } from '#shared/vocabulary.ts';

/** Decimal strings with two places, as the database keeps money ('23450.00'). */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * GET /api/proposals/public/{publicId}: only what the customer's page shows. The response schema
 * strips anything else, so no internal id, staff data or lead phone can leak.
 */
export const publicProposalSchema = z.object({
  vehicleBrand: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleSubmodel: z.string().nullable(),
  /** 'MM/YYYY' */
  vehicleFirstRegistration: z.string().nullable(),
  vehicleMileage: z.number().int().nullable(),
  vehicleEngineSize: z.number().int().nullable(),
  vehicleFuelType: z.string().nullable(),
  vehiclePower: z.string().nullable(),
  vehicleCo2Emissions: z.number().int().nullable(),
  vehicleCountry: z.string().nullable(),
  vehiclePrice: money.nullable(),
  vehicleOriginalPrice: money.nullable(),
  vehiclePriceWithoutVat: money.nullable(),
  vehicleGearbox: z.enum(GEARBOXES).nullable(),
  /**
   * A listing priced in another currency (ADR 055): the price as listed, its currency, and the rate
   * (euros per unit, with its date) that made vehiclePrice; all null for a euro listing.
   */
  listedPrice: z.string().nullable(),
  listedCurrency: z.string().nullable(),
  exchangeRate: z.string().nullable(),
  exchangeRateDate: z.string().nullable(),
  isvCost: money.nullable(),
  ivaCost: money.nullable(),
  transportCost: money,
  registrationFee: money,
  totalCost: money.nullable(),
  /**
   * The declaration falls after the last published tax tables: which year is missing and which
   * year's tables the figures use (docs/tax-rules.md); null while published tables cover it.
   */
  taxTablesPending: z.object({ year: z.number().int(), usingYear: z.number().int() }).nullable(),
  sourceListing: z.string().nullable(),
  imageUrls: z.array(z.string()),
});
export type PublicProposal = z.infer<typeof publicProposalSchema>;

export const publicProposalLeadSchema = z.object({
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  reference: z.string(),
  emailSource: z.enum(EMAIL_SOURCES),
});
export type PublicProposalLead = z.infer<typeof publicProposalLeadSchema>;

export const publicProposalResponseSchema = z.object({
  proposal: publicProposalSchema,
  lead: publicProposalLeadSchema.optional(),
});
export type PublicProposalResponse = z.infer<typeof publicProposalResponseSchema>;

/** Public ids are UUIDs (at most 36 characters). */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9-]{1,36}$/;
