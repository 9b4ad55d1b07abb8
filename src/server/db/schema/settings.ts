import { pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Admin-editable values; keys and defaults live in src/shared/settings.ts. */
export const systemSettings = pgTable('system_settings', {
  id: serial().primaryKey(),
  key: varchar({ length: 100 }).notNull().unique(),
  value: text(),
  description: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
