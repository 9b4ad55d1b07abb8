import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leadBoardResponseSchema } from '#shared/schemas/leads-board.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { filterSearchParams, type LeadListFilters } from '../list/filters.ts';

/**
 * GET /api/leads/board: each column's count and € total for the list's filters (ADR 066). Under
 * '/api/leads' so live lead events and status changes refresh it.
 */
export function useBoardTotals(filters: LeadListFilters) {
  const query = filterSearchParams(filters).toString();
  return useQuery({
    queryKey: ['/api/leads', 'board', query] as const,
    queryFn: async () => leadBoardResponseSchema.parse(await apiRequest('GET', `/api/leads/board?${query}`)),
    placeholderData: keepPreviousData,
  });
}
