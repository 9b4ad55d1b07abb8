import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingCheckSchema, type ListingCheck } from '#shared/schemas/proposals.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/proposals/{id}/listing-check: the listing watch reads this proposal's listing now (ADR 068). */
export const checkListing = async (id: number): Promise<ListingCheck> =>
  listingCheckSchema.parse(await apiRequest('POST', `/api/proposals/${id}/listing-check`));

export function useCheckListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkListing,
    // The proposal's mark, and the lead's timeline when something changed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/leads'] }),
  });
}
