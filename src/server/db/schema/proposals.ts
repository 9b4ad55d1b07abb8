import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, money10, updatedAt, version } from './columns.ts';
import { leads } from './leads.ts';
import type { ListingChange as ListingChangeColumn } from '#shared/listings/watch.ts';

export const proposals = pgTable(
  'proposals',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 36 }).notNull().unique(),
    leadId: integer().references(() => leads.id, { onDelete: 'cascade' }),
    vehicleBrand: varchar({ length: 100 }),
    vehicleModel: varchar({ length: 100 }),
    vehicleSubmodel: varchar({ length: 255 }),
    vehicleMileage: integer(),
    vehicleEngineSize: integer(),
    vehicleFuelType: varchar({ length: 30 }),
    vehiclePower: varchar({ length: 50 }),
    vehicleCo2Emissions: integer(),
    /** MM/YYYY as the editor shows it. */
    vehicleFirstRegistration: varchar({ length: 20 }),
    vehicleCountry: varchar({ length: 100 }),
    // What the listing says that changes the tax or the customer's choice (docs/listings.md section 12).
    vehicleGearbox: varchar({ length: 10 }),
    vehicleEuroNorm: varchar({ length: 20 }),
    /** Null: the listing does not say. */
    vehicleParticleFilter: boolean(),
    sellerType: varchar({ length: 10 }),
    vehiclePrice: money10(),
    vehicleOriginalPrice: money10(),
    vehiclePriceWithoutVat: money10(),
    // A listing priced in another currency (ADR 055): the price as listed and the rate used, so
    // vehiclePrice (euros) = listedPrice x exchangeRate can be checked and explained.
    listedPrice: numeric({ precision: 14, scale: 2 }),
    listedCurrency: varchar({ length: 3 }),
    /** Euros per unit of listedCurrency. */
    exchangeRate: numeric({ precision: 14, scale: 6 }),
    exchangeRateDate: date({ mode: 'string' }),
    wltpValue: boolean().notNull().default(true),
    hybridValue: boolean().notNull().default(false),
    pluginValue: boolean().notNull().default(false),
    transportCost: money10().notNull().default('2000.00'),
    registrationFee: money10().notNull().default('340.00'),
    isvCost: money10(),
    ivaCost: money10(),
    totalCost: money10(),
    // Further inputs the exact ISV needs (docs/tax-rules.md).
    taxDeclarationDate: date({ mode: 'string' }),
    registrationCountry: varchar({ length: 10 }).notNull().default('eu'),
    dieselParticlesBelowLimit: boolean().notNull().default(false),
    electricRangeKm: integer(),
    euro6eBis: boolean().notNull().default(false),
    sourceListing: text(),
    imageUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Customer views of the public page (ADR 013): signed-in staff are not counted.
    viewCount: integer().notNull().default(0),
    firstViewedAt: timestamp({ withTimezone: true }),
    lastViewedAt: timestamp({ withTimezone: true }),
    /** When the proposal first reached the customer (ADR 053's delivery); the listing watch follows sent proposals. */
    sentAt: timestamp({ withTimezone: true }),
    // The listing watch (ADR 068): when the listing is next read, the last read, blocked reads in a
    // row, and what changed on the listing (null: nothing seen).
    listingNextCheckAt: timestamp({ withTimezone: true }),
    listingCheckedAt: timestamp({ withTimezone: true }),
    listingBlockedCount: integer().notNull().default(0),
    listingChange: jsonb().$type<ListingChangeColumn>(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** ADR 022: bumped by an edit in the editor (not by customer views). */
    version: version(),
  },
  (t) => [
    index('proposals_lead_idx').on(t.leadId),
    index('proposals_listing_watch_idx')
      .on(t.listingNextCheckAt)
      .where(sql`${t.sentAt} is not null and ${t.sourceListing} is not null`),
  ],
);

/**
 * The last counted view of each visitor of a proposal (ADR 013): a reload within the window is the
 * same view. In the database, not in memory, so instances sharing it agree. The visitor is a hash.
 */
export const proposalViewVisits = pgTable(
  'proposal_view_visits',
  {
    proposalId: integer()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    visitorHash: varchar({ length: 64 }).notNull(),
    lastCountedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.visitorHash] })],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Photos and uploads the product serves from its own URLs; in the database so backups hold them. */
export const storedMedia = pgTable(
  'stored_media',
  {
    id: serial().primaryKey(),
    /** Opaque public key used in /media/{key} URLs. */
    key: varchar({ length: 64 }).notNull().unique(),
    proposalId: integer().references(() => proposals.id, { onDelete: 'cascade' }),
    contentType: varchar({ length: 100 }).notNull(),
    byteSize: integer().notNull(),
    width: integer(),
    height: integer(),
    sha256: varchar({ length: 64 }).notNull(),
    sourceUrl: text(),
    /** What it is for: 'proposal' photos (uploads never saved are pruned) or the company 'logo' (Settings). */
    purpose: varchar({ length: 20 }).notNull().default('proposal'),
    data: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_media_proposal_idx').on(t.proposalId)],
);
