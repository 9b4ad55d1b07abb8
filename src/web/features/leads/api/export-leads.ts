import { filterSearchParams, type LeadListFilters } from '../list/filters.ts';

/**
 * GET /api/leads/export.csv with the list's search and filters. A plain link downloads it: the
 * session cookie goes with it and the server names the file (UTF-8 with BOM, ADR 012).
 */
export function exportLeadsUrl(filters: LeadListFilters): string {
  return `/api/leads/export.csv?${filterSearchParams(filters)}`;
}
