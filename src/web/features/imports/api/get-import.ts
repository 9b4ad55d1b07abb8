import { queryOptions, useQuery } from '@tanstack/react-query';
import { importSchema, type Import } from '#shared/schemas/imports.ts';
import { getQueryFn } from '#web/lib/api-client.ts';
import { importKey } from './import-keys.ts';

/** GET /api/imports/{id}: the import with its costs, finances and stage history; 404 when missing. */
export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importKey(id),
    queryFn: async (ctx): Promise<Import> => importSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
  });

export const useImport = (id: number) => useQuery(importQueryOptions(id));
