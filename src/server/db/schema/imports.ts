import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, money15, updatedAt, version } from './columns.ts';
import { leads } from './leads.ts';
import { proposals } from './proposals.ts';

export const suppliers = pgTable('suppliers', {
  id: serial().primaryKey(),
  name: varchar({ length: 255 }).notNull(),
  address: text(),
  country: varchar({ length: 100 }),
  vatId: varchar({ length: 50 }),
  email: varchar({ length: 255 }),
  phone: varchar({ length: 50 }),
  notes: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const imports = pgTable(
  'imports',
  {
    id: serial().primaryKey(),
    /** The customer's tracking page /acompanhar/{publicId}: unguessable (a random UUID), never the id. */
    publicId: varchar({ length: 36 })
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    leadId: integer().references(() => leads.id, { onDelete: 'set null' }),
    /** The proposal the import was created from, if any (its page is linked from the tracking page). */
    proposalId: integer().references(() => proposals.id, { onDelete: 'set null' }),
    clientName: varchar({ length: 255 }).notNull(),
    clientEmail: varchar({ length: 255 }),
    clientPhone: varchar({ length: 50 }),
    clientAddress: text(),
    clientVatId: varchar({ length: 50 }),
    vehicleMake: varchar({ length: 100 }).notNull(),
    vehicleModel: varchar({ length: 100 }).notNull(),
    vehicleYear: integer(),
    vehicleVin: varchar({ length: 50 }),
    status: varchar({ length: 30 }).notNull().default('confirmed'),
    vehiclePrice: money15(),
    vehicleIsv: money15(),
    servicePrice: money15(),
    invoiced: boolean().notNull().default(false),
    /** When `invoiced` was last switched on (money owed: days since invoiced, ADR 067); null while not invoiced. */
    invoicedAt: timestamp({ withTimezone: true }),
    paid: boolean().notNull().default(false),
    notes: text(),
    deliveryNotes: text(),
    /** When the car is expected at the customer (ADR 068); shown on the tracking page. */
    expectedDeliveryDate: date({ mode: 'string' }),
    /** Optional expected date of each stage, `{ in_transit: '2026-12-03' }` (ADR 068). */
    expectedStageDates: jsonb()
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** A short Portuguese e-mail tells the customer each stage change (ADR 068); on unless staff turn it off. */
    notifyCustomer: boolean().notNull().default(true),
    assignedTo: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When the import entered its current status (days in stage; the list does not read the history). */
    statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased text the imports search matches (trigram-indexed): client, e-mail, vehicle, VIN. */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`lower(${imports.clientName} || ' ' || coalesce(${imports.clientEmail}, '') || ' ' || ${imports.vehicleMake} || ' ' || ${imports.vehicleModel} || ' ' || coalesce(${imports.vehicleVin}, ''))`,
    ),
    /**
     * What makes a creation idempotent (ADR 023): `req:<user>:<key>` for a request with a key,
     * `lead:<id>` for a lead's conversion without one, null otherwise. Unique: a repeat finds the
     * import the first request made.
     */
    requestKey: varchar({ length: 160 }).unique('imports_request_key_unique'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      'imports_status_check',
      sql`${t.status} in ('confirmed', 'handling_paperwork', 'waiting_transport', 'in_transit', 'arrived', 'inspected', 'legalized', 'delivered', 'canceled')`,
    ),
    index('imports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('imports_lead_idx').on(t.leadId),
    index('imports_proposal_idx').on(t.proposalId),
    // The list's order (newest first) as one index walk; All and Concluded/Active filter on it.
    // NULLS FIRST is what a plain ORDER BY ... DESC means: the planner walks the index only if it matches.
    index('imports_list_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('imports_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The dashboard's and the money screen's figures (ADR 069), each a small partial index read
    // index-only or in its list's order: active imports (count, newest first), deliveries by date,
    // services invoiced and unpaid, delivered cars not invoiced.
    index('imports_active_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} not in ('delivered', 'canceled')`),
    index('imports_delivered_idx')
      .on(t.statusChangedAt)
      .where(sql`${t.status} = 'delivered'`),
    index('imports_invoiced_unpaid_idx')
      .on(t.invoicedAt.asc().nullsFirst(), t.id, t.status, t.servicePrice)
      .where(sql`${t.invoiced} and not ${t.paid}`),
    index('imports_to_invoice_idx')
      .on(t.statusChangedAt, t.id, t.servicePrice)
      .where(sql`${t.status} = 'delivered' and not ${t.invoiced}`),
  ],
);

export const importCosts = pgTable(
  'import_costs',
  {
    id: serial().primaryKey(),
    importId: integer()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    // A supplier with recorded costs cannot be deleted: the costs are the business's books.
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    value: money15().notNull(),
    notes: text(),
    invoicedToUs: boolean().notNull().default(false),
    invoiced: boolean().notNull().default(false),
    paid: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // With the value: an import's cost total (the dashboard's profit, ADR 069) is an index-only sum.
    index('import_costs_import_idx').on(t.importId, t.value),
    index('import_costs_supplier_idx').on(t.supplierId),
    // Costs not paid yet (money owed, ADR 069): their total is an index-only sum of this small index.
    index('import_costs_unpaid_idx')
      .on(t.supplierId, t.value)
      .where(sql`not ${t.paid}`),
  ],
);

/** Every status an import entered, when and by whom (the detail's stage list and the tracking page). */
export const importStatusHistory = pgTable(
  'import_status_history',
  {
    id: serial().primaryKey(),
    importId: integer()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    status: varchar({ length: 30 }).notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null for changes made by the system, or once the user is deleted. */
    changedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'import_status_history_status_check',
      sql`${t.status} in ('confirmed', 'handling_paperwork', 'waiting_transport', 'in_transit', 'arrived', 'inspected', 'legalized', 'delivered', 'canceled')`,
    ),
    // With the status: the dashboard's days per stage read an import's stints index-only (ADR 069).
    index('import_status_history_import_idx').on(t.importId, t.changedAt, t.id, t.status),
  ],
);
