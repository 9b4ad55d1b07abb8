import type { CsvFormat } from '#shared/schemas/leads.ts';
import { filterSearchParams, type LeadListFilters } from '../list/filters.ts';

/**
 * GET /api/leads/export.csv with the list's search and filters. A plain link downloads it: the
 * session cookie goes with it and the server names the file (UTF-8 with BOM, ADR 012). The
 * Portuguese format (semicolons, decimal comma) is the default: what the staff's spreadsheets read
 * into columns (docs/decisions/020-day-one-fixes.md).
 */
export function exportLeadsUrl(filters: LeadListFilters, format: CsvFormat = 'pt'): string {
  const params = filterSearchParams(filters);
  params.set('format', format);
  return `/api/leads/export.csv?${params}`;
}
