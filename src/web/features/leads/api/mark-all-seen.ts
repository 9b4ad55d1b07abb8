import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markAllSeenResponseSchema } from '#shared/schemas/lead-writes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY } from './lead-keys.ts';

/** POST /api/leads/mark-all-seen: how many leads were unseen for this user. */
export async function markAllSeen(): Promise<number> {
  return markAllSeenResponseSchema.parse(await apiRequest('POST', '/api/leads/mark-all-seen')).count;
}

/** The new-lead dots live in the list and the dashboard's recent leads: both refetch. */
export function useMarkAllSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllSeen,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] });
    },
  });
}
