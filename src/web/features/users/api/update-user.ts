import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type UserUpdate } from '#shared/schemas/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { AUDIT_LOG_KEY, USERS_KEY } from './user-keys.ts';

/** PUT /api/users/{id}: Edit Profile and Edit User; the body carries the version it started from. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, data }: { id: number; data: UserUpdate }) =>
      userSchema.parse(await apiRequest('PUT', `/api/users/${id}`, data)),
    // Settled, not only success: a stale version (409) must show the latest on the next open.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
}
