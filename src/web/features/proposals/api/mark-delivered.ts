import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalDelivered, ProposalDeliveredInput } from '#shared/schemas/proposals.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * POST /api/proposals/{id}/delivered: the link was copied or shared, so the proposal reached the
 * customer and a lead not yet quoted becomes Quoted (docs/rulings.md ruling 22, ADR 053). Idempotent.
 */
export const markProposalDelivered = (id: number, via: ProposalDeliveredInput['via']) =>
  apiRequest<ProposalDelivered>('POST', `/api/proposals/${id}/delivered`, { via });

export function useMarkProposalDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, via }: { id: number; via: ProposalDeliveredInput['via'] }) => markProposalDelivered(id, via),
    onSuccess: (answer) => {
      // The lead's status, quoted amount and timeline changed.
      if (answer.leadQuoted) void queryClient.invalidateQueries({ queryKey: ['/api/leads'] });
    },
  });
}
