import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { AUDIT_LOG_KEY, USERS_KEY } from './user-keys.ts';

/**
 * DELETE /api/users/{id}: the account goes; what it made stays (ADR 029). `leadsTo` takes over the
 * leads it owned (ADR 065); without it they become unassigned.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, leadsTo }: { id: number; leadsTo: number | null }) => {
      await apiRequest('DELETE', `/api/users/${id}${leadsTo === null ? '' : `?leadsTo=${leadsTo}`}`);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
}
