import { TABLES_2024 } from './tables/2024.ts';
import type { PendingTables, TaxTableSet } from './types.ts';

/**
 * Every table set, newest first. A new State Budget is one new file in tables/ added here, with its
 * tests (docs/tax-rules.md, "Adding a year's tables").
 */
export const TABLE_SETS: readonly TaxTableSet[] = [TABLES_2024];

/** The first declaration date any table set covers (YYYY-MM-DD). */
export const EARLIEST_TABLE_DATE = TABLE_SETS.map((t) => t.validFrom).sort()[0]!;

const latestSet = (sets: readonly TaxTableSet[]) =>
  sets.reduce((a, b) => ((b.validTo ?? '9999') > (a.validTo ?? '9999') ? b : a));

/**
 * The table set for a declaration date (YYYY-MM-DD): the one in force, else, after the last known
 * one, the latest (pendingTablesFor says so); undefined before the first.
 */
export function tableSetFor(
  declarationDate: string,
  sets: readonly TaxTableSet[] = TABLE_SETS,
): TaxTableSet | undefined {
  const inForce = sets.find(
    (t) => t.validFrom <= declarationDate && (t.validTo === null || declarationDate <= t.validTo),
  );
  if (inForce) return inForce;
  const latest = latestSet(sets);
  return latest.validTo !== null && declarationDate > latest.validTo ? latest : undefined;
}

/** Null while published tables cover the date; else the date's year and the year of the tables used. */
export function pendingTablesFor(
  declarationDate: string,
  sets: readonly TaxTableSet[] = TABLE_SETS,
): PendingTables | null {
  const latest = latestSet(sets);
  if (latest.validTo === null || declarationDate <= latest.validTo) return null;
  return { year: Number(declarationDate.slice(0, 4)), usingYear: Number(latest.validTo.slice(0, 4)) };
}

/** The table set of a version ('2024'), as a tax result's breakdown names it. */
export function tableSetByVersion(version: string): TaxTableSet | undefined {
  return TABLE_SETS.find((t) => t.version === version);
}
