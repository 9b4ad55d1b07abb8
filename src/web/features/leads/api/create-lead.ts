import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Lead } from '#shared/schemas/leads.ts';
import { leadWriteResponseSchema, type LeadCreate } from '#shared/schemas/lead-writes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY } from './lead-keys.ts';

/** POST /api/leads: the Add/Edit Lead dialog in add mode. */
export async function createLead(data: LeadCreate): Promise<Lead> {
  return leadWriteResponseSchema.parse(await apiRequest('POST', '/api/leads', data));
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}
