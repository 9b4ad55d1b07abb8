import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

// Shared column helpers: every table keeps UTC instants (timestamptz) and exact decimals.
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** decimal(15,2): leads, imports and import costs. */
export const money15 = () => numeric({ precision: 15, scale: 2 });
/** decimal(10,2): proposals. */
export const money10 = () => numeric({ precision: 10, scale: 2 });

/** Optimistic concurrency (ADR 022): every protected record's `version integer not null default 1`. */
export const version = () => integer().notNull().default(1);
