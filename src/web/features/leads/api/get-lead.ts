import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadSchema, type Lead } from '#shared/schemas/leads.ts';
import { getQueryFn } from '#web/lib/api-client.ts';
import { leadKey } from './lead-keys.ts';

/** GET /api/leads/{id}: one lead with its possible duplicates; a 404 is an ApiError with status 404. */
export const leadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: leadKey(id),
    queryFn: async (ctx): Promise<Lead> => leadSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
  });

export const useLead = (id: number) => useQuery(leadQueryOptions(id));
