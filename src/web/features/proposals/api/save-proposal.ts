import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proposalWriteResponseSchema,
  type ProposalInput,
  type ProposalUpdateInput,
  type ProposalWriteResponse,
} from '#shared/schemas/proposals.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { proposalsKey } from './proposal-keys.ts';

/** POST /api/leads/{leadId}/proposals (no id) or PUT /api/proposals/{id} (with the `version` read, ADR 022). */
export async function saveProposal(
  leadId: number,
  id: number | null,
  data: ProposalInput | ProposalUpdateInput,
): Promise<ProposalWriteResponse> {
  const answer =
    id === null
      ? await apiRequest('POST', `/api/leads/${leadId}/proposals`, data)
      : await apiRequest('PUT', `/api/proposals/${id}`, data);
  return proposalWriteResponseSchema.parse(answer);
}

export function useSaveProposal(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: ProposalInput | ProposalUpdateInput }) =>
      saveProposal(leadId, id, data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: proposalsKey(leadId) }),
  });
}
