import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mergeLeadsResponseSchema } from '#shared/schemas/lead-writes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY, leadKey } from './lead-keys.ts';

/** POST /api/leads/{id}/merge {otherId}: the older lead survives; answers its id. */
export async function mergeLeads(id: number, otherId: number) {
  return mergeLeadsResponseSchema.parse(await apiRequest('POST', `/api/leads/${id}/merge`, { otherId }));
}

export function useMergeLeads(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otherId: number) => mergeLeads(id, otherId),
    onSuccess: (result, otherId) => {
      // The merged-away lead no longer exists: drop it instead of refetching a 404.
      const deleted = result.leadId === id ? otherId : id;
      queryClient.removeQueries({ queryKey: leadKey(deleted) });
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    },
  });
}
