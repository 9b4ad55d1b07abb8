import { TABLES_2024 } from './tables/2024.ts';
import type { TaxTableSet } from './types.ts';

/** Every table set, newest first. A new State Budget is a new file in tables/ added here. */
export const TABLE_SETS: readonly TaxTableSet[] = [TABLES_2024];

/** The first declaration date any table set covers (YYYY-MM-DD). */
export const EARLIEST_TABLE_DATE = TABLE_SETS.map((t) => t.validFrom).sort()[0]!;

/** The table set in force on a declaration date (YYYY-MM-DD), or undefined before the first. */
export function tableSetFor(declarationDate: string): TaxTableSet | undefined {
  return TABLE_SETS.find((t) => t.validFrom <= declarationDate && (t.validTo === null || declarationDate <= t.validTo));
}

/** The table set of a version ('2024'), as a tax result's breakdown names it. */
export function tableSetByVersion(version: string): TaxTableSet | undefined {
  return TABLE_SETS.find((t) => t.version === version);
}
