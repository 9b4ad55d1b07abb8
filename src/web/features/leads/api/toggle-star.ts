import { useMutation, useQueryClient } from '@tanstack/react-query';
import { starResponseSchema } from '#shared/schemas/lead-writes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY } from './lead-keys.ts';

/** POST /api/leads/{id}/star: toggles the star, answers the new state. */
export async function toggleLeadStar(id: number): Promise<boolean> {
  return starResponseSchema.parse(await apiRequest('POST', `/api/leads/${id}/star`)).starred;
}

export function useToggleLeadStar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleLeadStar(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}
