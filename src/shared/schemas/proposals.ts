import { z } from 'zod';
import { EMAIL_SOURCES } from '#shared/leads/status.ts';
import { FUEL_TYPES } from '#shared/vocabulary.ts';
import { webLink, webLinkSchema } from './common.ts';
import { versionField, versionSchema } from './versioned.ts';

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
  isvCost: money.nullable(),
  ivaCost: money.nullable(),
  transportCost: money,
  registrationFee: money,
  totalCost: money.nullable(),
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

// ---------------------------------------------------------------------------------------------
// Staff calls: list, create, update, delete, photos, listing extraction
// ---------------------------------------------------------------------------------------------

export const PROPOSAL_LIMITS = {
  maxPhotos: 60,
  maxPhotoBytes: 15 * 1024 * 1024,
  maxPageBytes: 5 * 1024 * 1024,
} as const;

const text = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string(`${label} must be text`).max(max, `${label} is at most ${max} characters`).nullable(),
  );
const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.trim().replace(/[\s.]/g, '')) : v),
    z
      .number(`${label} must be a whole number`)
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 or more`)
      .max(max, `${label} is above ${max}`)
      .nullable(),
  );
/** Euros typed by staff ('24500', '24500.5', '24 500,50', '24.500,50 €') as '24500.50'; null when not an amount. */
export function parseEuros(text: string): string | null {
  const s = text.trim().replace(/[\s\u00a0\u202f€]/g, '');
  const normal = /,\d{1,2}$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal).toFixed(2) : null;
}
/** Stored as a decimal string with two places. */
const euros = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === undefined || v === null) return null;
      if (typeof v === 'number') return Number.isFinite(v) ? v.toFixed(2) : v;
      return typeof v === 'string' ? (parseEuros(v) ?? v) : v;
    },
    z
      .string(`${label} must be an amount in euros`)
      .regex(/^\d{1,8}\.\d{2}$/, `${label} must be an amount in euros up to 99,999,999.99`)
      .nullable(),
  );
/** Omitted: the default; sent empty: refused. */
const requiredEuros = (label: string, fallback: string) =>
  z.preprocess((v) => (v === undefined ? fallback : v), euros(label)).refine((v) => v !== null, `${label} is required`);

export const PROPOSAL_FUEL_TYPES = FUEL_TYPES;

/** POST /api/leads/{id}/proposals and PUT /api/proposals/{id}. ISV, IVA and total are computed by the server. */
export const proposalInputSchema = z.object({
  vehicleBrand: text(100, 'Brand'),
  vehicleModel: text(100, 'Model'),
  vehicleSubmodel: text(255, 'Version'),
  vehicleMileage: wholeNumber('Mileage', 5_000_000),
  vehicleEngineSize: wholeNumber('Engine size', 20_000),
  vehicleFuelType: z.enum(FUEL_TYPES, 'Choose a fuel type from the list').nullable().default(null),
  vehiclePower: text(50, 'Power'),
  vehicleCo2Emissions: wholeNumber('CO2 emissions', 2_000),
  vehicleFirstRegistration: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z
      .string()
      .regex(/^(0[1-9]|1[0-2])\/(19|20)\d{2}$/, 'First registration must be written MM/YYYY')
      .nullable(),
  ),
  vehicleCountry: text(100, 'Country'),
  vehiclePrice: euros('Price'),
  vehicleOriginalPrice: euros('Original price'),
  vehiclePriceWithoutVat: euros('Price without VAT'),
  wltpValue: z.boolean().default(true),
  hybridValue: z.boolean().default(false),
  pluginValue: z.boolean().default(false),
  transportCost: requiredEuros('Transport', '2000.00'),
  registrationFee: requiredEuros('Registration', '340.00'),
  taxDeclarationDate: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Declaration date must be written YYYY-MM-DD')
      .nullable(),
  ),
  registrationCountry: z.enum(['eu', 'non_eu'], 'Registration country must be eu or non_eu').default('eu'),
  dieselParticlesBelowLimit: z.boolean().default(false),
  electricRangeKm: wholeNumber('Electric range', 2_000),
  euro6eBis: z.boolean().default(false),
  sourceListing: webLinkSchema({
    invalid: 'Listing link must be a web address',
    tooLong: 'Listing link is at most 2000 characters',
  }),
  /** Ordered. The product's own '/media/{key}' URLs, or marketplace photo URLs copied on save. */
  imageUrls: z
    .array(z.string().trim().min(1).max(2000, 'A photo address is at most 2000 characters'))
    .max(PROPOSAL_LIMITS.maxPhotos, `At most ${PROPOSAL_LIMITS.maxPhotos} photos`)
    .default([]),
});
export type ProposalInput = z.input<typeof proposalInputSchema>;
export type ProposalInputParsed = z.output<typeof proposalInputSchema>;

/** PUT /api/proposals/{id}: the editor's fields plus the optional `version` read (ADR 022). */
export const proposalUpdateSchema = proposalInputSchema.extend({ version: versionField });
export type ProposalUpdateInput = z.input<typeof proposalUpdateSchema>;

/**
 * A proposal as the API answers it. Every field the input rewrites (text, links, dates, amounts) is
 * read back as plain text here: an answer must never refuse what the input rule let through and
 * stored (the input rules above run only on writes).
 */
export const proposalSchema = proposalInputSchema.extend({
  vehicleBrand: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleSubmodel: z.string().nullable(),
  vehicleMileage: z.number().nullable(),
  vehicleEngineSize: z.number().nullable(),
  vehiclePower: z.string().nullable(),
  vehicleCo2Emissions: z.number().nullable(),
  vehicleFirstRegistration: z.string().nullable(),
  vehicleCountry: z.string().nullable(),
  taxDeclarationDate: z.string().nullable(),
  electricRangeKm: z.number().nullable(),
  sourceListing: z.string().nullable(),
  id: z.number(),
  publicId: z.string(),
  leadId: z.number().nullable(),
  vehiclePrice: money.nullable(),
  vehicleOriginalPrice: money.nullable(),
  vehiclePriceWithoutVat: money.nullable(),
  transportCost: money,
  registrationFee: money,
  isvCost: money.nullable(),
  ivaCost: money.nullable(),
  totalCost: money.nullable(),
  imageUrls: z.array(z.string()),
  viewCount: z.number(),
  firstViewedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ADR 022: send it back with an edit or delete; a proposal changed since answers 409. */
  version: versionSchema,
});
export type Proposal = z.infer<typeof proposalSchema>;
export const proposalListSchema = z.array(proposalSchema);

/** Photos that could not be copied on save; the proposal is saved without them. */
export const proposalWriteResponseSchema = z.object({
  proposal: proposalSchema,
  failedImages: z.array(z.object({ url: z.string(), message: z.string() })),
});
export type ProposalWriteResponse = z.infer<typeof proposalWriteResponseSchema>;

export const uploadedPhotoSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

/** POST /api/scrape-vehicle-data. `html` is the paste-the-page fallback: the same parsers run on it. */
export const scrapeRequestSchema = z.object({
  url: z
    .string('Enter the listing URL')
    .trim()
    .min(1, 'Enter the listing URL')
    .pipe(webLink({ invalid: 'Enter a valid URL' })),
  html: z.string().max(PROPOSAL_LIMITS.maxPageBytes, 'The page source is larger than 5 MB').optional(),
});
export type ScrapeRequest = z.input<typeof scrapeRequestSchema>;

export const listingCarDataSchema = z.object({
  marketplace: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  submodel: z.string().nullable(),
  mileageKm: z.number().nullable(),
  engineCc: z.number().nullable(),
  fuel: z.enum(FUEL_TYPES).nullable(),
  hybrid: z.boolean(),
  plugin: z.boolean(),
  powerKw: z.number().nullable(),
  powerHp: z.number().nullable(),
  co2: z.number().nullable(),
  co2Cycle: z.enum(['wltp', 'nedc', 'unknown']),
  firstRegistration: z.string().nullable(),
  country: z.string().nullable(),
  price: z.string().nullable(),
  priceWithoutVat: z.string().nullable(),
  originalPrice: z.string().nullable(),
  currency: z.string().nullable(),
  sellerName: z.string().nullable(),
});
export type ListingCarData = z.infer<typeof listingCarDataSchema>;

export const scrapeResponseSchema = z.object({
  carData: listingCarDataSchema,
  imageUrls: z.array(z.string()),
  sourceUrl: z.string(),
});
export type ScrapeResponse = z.infer<typeof scrapeResponseSchema>;
