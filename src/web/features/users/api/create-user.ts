import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type UserCreate } from '#shared/schemas/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { AUDIT_LOG_KEY, USERS_KEY } from './user-keys.ts';

/** POST /api/users (Add User). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: UserCreate) => userSchema.parse(await apiRequest('POST', '/api/users', data)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
}
