import { queryOptions, useQuery } from '@tanstack/react-query';
import { proposalListSchema, type Proposal } from '#shared/schemas/proposals.ts';
import { getQueryFn } from '#web/lib/api-client.ts';
import { proposalsKey } from './proposal-keys.ts';

/** GET /api/leads/{id}/proposals, newest first. */
export const proposalsQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: proposalsKey(leadId),
    queryFn: async (ctx): Promise<Proposal[]> => proposalListSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
  });

export const useProposals = (leadId: number) => useQuery(proposalsQueryOptions(leadId));
