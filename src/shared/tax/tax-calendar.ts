// What the product says when a declaration falls after the last published tables (docs/tax-rules.md).
import { pendingTablesFor, TABLE_SETS } from './table-sets.ts';
import type { PendingTables, TaxTableSet } from './types.ts';

export type CalendarLang = 'en' | 'pt';

/** "2027 tables not yet published; figures use 2026's", or its Portuguese for customers. */
export function pendingTablesText(p: PendingTables, lang: CalendarLang): string {
  return lang === 'pt'
    ? `Tabelas de ${p.year} ainda não publicadas; valores calculados com as de ${p.usingYear}`
    : `${p.year} tables not yet published; figures use ${p.usingYear}'s`;
}

/** The warning for a declaration date, or null while published tables cover it. */
export function pendingTablesWarning(declarationDate: string | null | undefined, lang: CalendarLang): string | null {
  if (!declarationDate) return null;
  const pending = pendingTablesFor(declarationDate);
  return pending ? pendingTablesText(pending, lang) : null;
}

/**
 * The admins' notice, from 1 December of the last covered year until a table set for the next year
 * exists: null otherwise. `today` is YYYY-MM-DD in Lisbon, from the app's clock.
 */
export function adminTablesNotice(today: string, sets: readonly TaxTableSet[] = TABLE_SETS): string | null {
  const nextYear = Number(today.slice(0, 4)) + (today.slice(5) >= '12-01' ? 1 : 0);
  const pending = pendingTablesFor(`${nextYear}-01-01`, sets);
  if (!pending || today < `${pending.usingYear}-12-01`) return null;
  return `The ${pending.year} vehicle-tax tables are not in the app yet: declarations from 1 January ${pending.year} use ${pending.usingYear}'s tables, with a warning to staff and customers. Add them as docs/tax-rules.md describes once the State Budget is published.`;
}
