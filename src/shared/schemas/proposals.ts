import { z } from 'zod';
import { FUEL_TYPES, GEARBOXES, SELLER_TYPES } from '#shared/vocabulary.ts';
import { MONEY_RULE, parseMoneyInput } from '#shared/number-input.ts';
import { RATE_PATTERN } from '#shared/proposals/currency.ts';
import { LISTING_CHANGE_KINDS } from '#shared/listings/watch.ts';
import { webLink, webLinkSchema } from './common.ts';
import { typedNumberMessage, typedNumberText, typedWholeNumber } from './typed-number.ts';
import { versionField, versionSchema } from './versioned.ts';

/** Decimal strings with two places, as the database keeps money ('23450.00'). */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

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
const wholeNumber = typedWholeNumber;
/** Euros typed by staff ('24500', '24500.5', '24 500,50', '24.500,50 €') as '24500.50'; null when not an amount (ADR 052). */
export function parseEuros(text: string): string | null {
  const r = parseMoneyInput(text);
  return r.ok ? r.value : null;
}
/** Stored as a decimal string with two places. */
const euros = (label: string) =>
  z.preprocess(
    typedNumberText(MONEY_RULE),
    z
      .string(`${label} must be an amount in euros`)
      .superRefine((s, ctx) => {
        if (/^\d{1,8}\.\d{2}$/.test(s)) return;
        const fallback = /^\d+\.\d{2}$/.test(s)
          ? `${label} must be an amount in euros up to 99,999,999.99`
          : `${label} must be an amount in euros`;
        ctx.addIssue({ code: 'custom', message: typedNumberMessage(label, MONEY_RULE, fallback)({ input: s }) });
      })
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
  // Read from the listing, shown and editable in the editor (docs/listings.md section 12).
  vehicleGearbox: z.enum(GEARBOXES, 'Gearbox must be auto or manual').nullable().default(null),
  vehicleEuroNorm: text(20, 'Euro norm'),
  vehicleParticleFilter: z.boolean('Particle filter must be true, false or null').nullable().default(null),
  sellerType: z.enum(SELLER_TYPES, 'Seller must be dealer or private').nullable().default(null),
  vehiclePrice: euros('Price'),
  vehicleOriginalPrice: euros('Original price'),
  vehiclePriceWithoutVat: euros('Price without VAT'),
  // A listing in another currency (ADR 055): the server derives vehiclePrice = listedPrice x exchangeRate.
  listedPrice: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'number' ? v.toFixed(2) : v),
    z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Listed price must be an amount up to 999,999,999,999.99')
      .nullable(),
  ),
  listedCurrency: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string()
      .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as PLN')
      .nullable(),
  ),
  exchangeRate: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim().replace(',', '.') : v),
    z
      .string()
      .regex(RATE_PATTERN, 'Exchange rate must be euros per unit, e.g. 0.2345')
      .refine((r) => Number(r) > 0, 'Exchange rate must be above zero')
      .nullable(),
  ),
  exchangeRateDate: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Rate date must be written YYYY-MM-DD')
      .nullable(),
  ),
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

/** What the listing watch saw on a quoted car's listing (src/shared/listings/watch.ts; ADR 068). */
export const listingChangeSchema = z.object({
  kind: z.enum(LISTING_CHANGE_KINDS),
  at: z.string(),
  price: z.object({ was: z.string(), now: z.string(), currency: z.string() }).optional(),
  mileage: z.object({ was: z.number(), now: z.number() }).optional(),
});

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
  vehicleEuroNorm: z.string().nullable(),
  taxDeclarationDate: z.string().nullable(),
  electricRangeKm: z.number().nullable(),
  sourceListing: z.string().nullable(),
  id: z.number(),
  publicId: z.string(),
  leadId: z.number().nullable(),
  vehiclePrice: money.nullable(),
  vehicleOriginalPrice: money.nullable(),
  vehiclePriceWithoutVat: money.nullable(),
  listedPrice: z.string().nullable(),
  listedCurrency: z.string().nullable(),
  exchangeRate: z.string().nullable(),
  exchangeRateDate: z.string().nullable(),
  transportCost: money,
  registrationFee: money,
  isvCost: money.nullable(),
  ivaCost: money.nullable(),
  totalCost: money.nullable(),
  imageUrls: z.array(z.string()),
  viewCount: z.number(),
  firstViewedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
  /** When the proposal first reached the customer (ADR 053); null: never sent. */
  sentAt: z.string().nullable(),
  /** The listing watch (ADR 068): its last read of the listing, and what changed there (null: nothing). */
  listingCheckedAt: z.string().nullable(),
  listingChange: listingChangeSchema.nullable(),
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
  euroNorm: z.string().nullable(),
  particleFilter: z.boolean().nullable(),
  gearbox: z.enum(GEARBOXES).nullable(),
  sellerType: z.enum(SELLER_TYPES).nullable(),
});
export type ListingCarData = z.infer<typeof listingCarDataSchema>;

export const scrapeResponseSchema = z.object({
  carData: listingCarDataSchema,
  imageUrls: z.array(z.string()),
  sourceUrl: z.string(),
  /** Read by the generic parser from a page no marketplace signal vouches for: staff check every field. */
  guessed: z.boolean(),
});
export type ScrapeResponse = z.infer<typeof scrapeResponseSchema>;

/**
 * POST /api/proposals/{id}/delivered: staff copied the proposal's link or shared it on WhatsApp, so
 * the proposal reached the customer (docs/rulings.md ruling 22, ADR 053). The e-mail path records itself.
 */
export const proposalDeliveredInputSchema = z.object({
  via: z.enum(['link', 'whatsapp'], 'How the proposal was shared must be link or whatsapp'),
});
export type ProposalDeliveredInput = z.infer<typeof proposalDeliveredInputSchema>;
/** Whether this delivery made the lead Quoted (false when it already was, or the proposal has no total). */
export const proposalDeliveredSchema = z.object({ leadQuoted: z.boolean() });
export type ProposalDelivered = z.infer<typeof proposalDeliveredSchema>;

/** 'Check listing now' (ADR 068). */
export const LISTING_CHECK_MESSAGES = {
  unwatchable: 'This proposal has no marketplace listing that can be read automatically.',
  /** outcome 'retry': the marketplace refused or did not answer; the watch tries again later. */
  retry: 'The marketplace did not let us read the listing now. The watch will try again later.',
  unchanged: 'The listing is as quoted.',
} as const;

/** POST /api/proposals/{id}/listing-check: 'read' (the proposal shows what changed) or 'retry' (blocked). */
export const listingCheckSchema = z.object({
  outcome: z.enum(['read', 'retry']),
  proposal: proposalSchema,
});
export type ListingCheck = z.infer<typeof listingCheckSchema>;
