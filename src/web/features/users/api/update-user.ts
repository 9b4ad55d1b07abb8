import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type UserUpdate } from '#shared/schemas/users.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { AUDIT_LOG_KEY, USERS_KEY } from './user-keys.ts';

/** PUT /api/users/{id}: Edit Profile and Edit User; the body carries the version it started from. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, data }: { id: number; data: UserUpdate }) =>
      userSchema.parse(await apiRequest('PUT', `/api/users/${id}`, data)),
    // After a save, and after a stale version (409) so the next try starts from the latest; not
    // after other refusals, which would reset an open form the user is correcting.
    onSettled: (_data, error) => {
      if (error && !(error instanceof ApiError && error.code === 'STALE_VERSION')) return;
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
}
