import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { proposalsKey } from './proposal-keys.ts';

/** DELETE /api/proposals/{id}: its stored photos go with it. */
export const deleteProposal = (id: number) => apiRequest('DELETE', `/api/proposals/${id}`);

export function useDeleteProposal(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProposal,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: proposalsKey(leadId) }),
  });
}
