import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/leads/{id}/seen: this user has seen the lead (the list's blue dot goes). */
export const markLeadSeen = (id: number) => apiRequest<unknown>('POST', `/api/leads/${id}/seen`);

export function useMarkLeadSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLeadSeen,
    // Only the lists and dashboard change; the open lead and its timeline need no refetch.
    onSuccess: (_data, id) =>
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === '/api/leads' && q.queryKey[1] !== id }),
    // A failure here is only logged, never shown.
    onError: (err, id) => console.error(`Failed to mark lead ${id} as seen`, err),
  });
}
