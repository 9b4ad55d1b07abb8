import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, money15, updatedAt } from './columns.ts';
import { leads } from './leads.ts';

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
});

export const imports = pgTable(
  'imports',
  {
    id: serial().primaryKey(),
    leadId: integer().references(() => leads.id, { onDelete: 'set null' }),
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
    paid: boolean().notNull().default(false),
    notes: text(),
    deliveryNotes: text(),
    assignedTo: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'imports_status_check',
      sql`${t.status} in ('confirmed', 'handling_paperwork', 'waiting_transport', 'in_transit', 'arrived', 'inspected', 'legalized', 'delivered', 'canceled')`,
    ),
    index('imports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('imports_lead_idx').on(t.leadId),
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
  },
  (t) => [index('import_costs_import_idx').on(t.importId), index('import_costs_supplier_idx').on(t.supplierId)],
);
