import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  IMPORTS_PAGE_SIZE,
  importListResponseSchema,
  type ImportListFilter,
  type ImportListResponse,
} from '#shared/schemas/imports-list.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export interface ImportListParams {
  search: string;
  filter: ImportListFilter;
}

export function listSearchParams({ search, filter }: ImportListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  params.set('filter', filter);
  return params;
}

/** GET /api/imports: one page of the server's searched, filtered list, newest first. */
export async function getImportsPage(list: ImportListParams, cursor: string | null): Promise<ImportListResponse> {
  const params = listSearchParams(list);
  params.set('limit', String(IMPORTS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return importListResponseSchema.parse(await apiRequest('GET', `/api/imports?${params}`));
}

export function importsListQueryOptions(list: ImportListParams) {
  return infiniteQueryOptions({
    queryKey: ['/api/imports', 'list', listSearchParams(list).toString()] as const,
    queryFn: ({ pageParam }) => getImportsPage(list, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Pages follow the server's cursor; while a new search loads, the previous rows stay. */
export const useImportsList = (list: ImportListParams) =>
  useInfiniteQuery({ ...importsListQueryOptions(list), placeholderData: keepPreviousData });

/** GET /api/imports/export.csv with the list's search and filter (Portuguese CSV, like the leads export). */
export function exportImportsUrl(list: ImportListParams): string {
  const params = listSearchParams(list);
  params.set('format', 'pt');
  return `/api/imports/export.csv?${params}`;
}

/** GET /api/import-costs/export.csv of one import's cost lines. */
export const exportCostsUrl = (importId: number) => `/api/import-costs/export.csv?importId=${importId}&format=pt`;
