import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { proposalsKey } from './proposal-keys.ts';

/**
 * DELETE /api/proposals/{id} with If-Match: the version read (a proposal changed meanwhile is not
 * deleted blind). Its stored photos go with it.
 */
export const deleteProposal = ({ id, version }: { id: number; version: number }) =>
  apiRequest('DELETE', `/api/proposals/${id}`, undefined, { 'if-match': `"${version}"` });

export function useDeleteProposal(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProposal,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: proposalsKey(leadId) }),
  });
}
