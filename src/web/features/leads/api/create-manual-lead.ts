import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Lead } from '#shared/schemas/leads.ts';
import { leadWriteResponseSchema, type ManualLead } from '#shared/schemas/lead-writes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY } from './lead-keys.ts';

/** POST /api/leads/manual: 'Create New Lead Manually' (the server generates the reference). */
export async function createManualLead(data: ManualLead): Promise<Lead> {
  return leadWriteResponseSchema.parse(await apiRequest('POST', '/api/leads/manual', data));
}

export function useCreateManualLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualLead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}
