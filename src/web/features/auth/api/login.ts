import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '#shared/schemas/auth.ts';
import { userSchema } from '#shared/schemas/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => userSchema.parse(await apiRequest('POST', '/api/auth/login', input)),
    // A failed sign-in answers 401 too; that is a message on the form, not a lost session.
    meta: { skipUnauthorizedRedirect: true },
    onSuccess: (user) => {
      // Drop everything cached for a previous user; the current-user query stays observed.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}
