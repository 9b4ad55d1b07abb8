import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LEADS_PAGE_SIZE, leadListResponseSchema, type LeadListResponse } from '#shared/schemas/leads.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { filterSearchParams, type LeadListFilters } from '../list/filters.ts';

/**
 * GET /api/leads: one page of the server's filtered, ordered list (ADR 012). The key starts
 * with '/api/leads' so live events and writes that invalidate ['/api/leads'] refresh it.
 */
export async function getLeadsPage(filters: LeadListFilters, cursor: string | null): Promise<LeadListResponse> {
  const params = filterSearchParams(filters);
  params.set('limit', String(LEADS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return leadListResponseSchema.parse(await apiRequest('GET', `/api/leads?${params}`));
}

export function leadsListQueryOptions(filters: LeadListFilters) {
  const query = filterSearchParams(filters).toString();
  return infiniteQueryOptions({
    queryKey: ['/api/leads', 'list', query] as const,
    queryFn: ({ pageParam }) => getLeadsPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Pages follow the keyset cursor; while a new filter loads, the previous rows stay on screen. */
export function useLeadsList(filters: LeadListFilters) {
  return useInfiniteQuery({ ...leadsListQueryOptions(filters), placeholderData: keepPreviousData });
}
