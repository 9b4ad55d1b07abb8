import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Lead } from '#shared/schemas/leads.ts';
import { leadWriteResponseSchema, type LeadUpdateInput } from '#shared/schemas/lead-writes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY, leadKey } from './lead-keys.ts';

/** PUT /api/leads/{id} with any subset of the editable fields. */
export async function updateLead(id: number, data: LeadUpdateInput): Promise<Lead> {
  return leadWriteResponseSchema.parse(await apiRequest('PUT', `/api/leads/${id}`, data));
}

export function useUpdateLead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: LeadUpdateInput) => updateLead(id, data),
    onSuccess: (lead) => {
      // The answer is the saved lead: show it at once (a view leaving edit mode), then refresh lists.
      queryClient.setQueryData(leadKey(id), lead);
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    },
  });
}
