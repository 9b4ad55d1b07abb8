import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
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
    vehiclePrice: money10(),
    vehicleOriginalPrice: money10(),
    vehiclePriceWithoutVat: money10(),
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
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** ADR 022: bumped by an edit in the editor (not by customer views). */
    version: version(),
  },
  (t) => [index('proposals_lead_idx').on(t.leadId)],
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
