import { queryOptions, useQuery } from '@tanstack/react-query';
import { tablesNoticeSchema, type TablesNotice } from '#shared/schemas/isv.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/isv/tables-notice: dated by the server's clock, so every admin sees the same day. */
export async function getTablesNotice(): Promise<TablesNotice> {
  return tablesNoticeSchema.parse(await apiRequest('GET', '/api/isv/tables-notice'));
}

export const tablesNoticeQueryOptions = () =>
  queryOptions({ queryKey: ['/api/isv/tables-notice'] as const, queryFn: getTablesNotice, staleTime: 60 * 60_000 });

export const useTablesNotice = () => useQuery(tablesNoticeQueryOptions());
