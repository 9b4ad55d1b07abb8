import { date, numeric, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, version } from './columns.ts';

/** Admin-editable values; keys and defaults live in src/shared/settings.ts. */
export const systemSettings = pgTable('system_settings', {
  id: serial().primaryKey(),
  key: varchar({ length: 100 }).notNull().unique(),
  value: text(),
  description: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * ADR 022. The company details are many rows edited as one record: the `company` row (no value)
   * carries their version, bumped by every save of the company card (details or logo).
   */
  version: version(),
});

/** Exchange rates the admin keeps (ADR 055): euros per unit of each currency, with the rate's date. */
export const exchangeRates = pgTable('exchange_rates', {
  currency: varchar({ length: 3 }).primaryKey(),
  eurPerUnit: numeric({ precision: 14, scale: 6 }).notNull(),
  rateDate: date({ mode: 'string' }).notNull(),
  updatedAt: updatedAt(),
});
