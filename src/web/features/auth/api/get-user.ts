import { useQuery } from '@tanstack/react-query';
import { userSchema } from '#shared/schemas/users.ts';
import { getQueryFn } from '#web/lib/api-client.ts';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null: a 401 here means "no user", not an error. */
export function useUser() {
  return useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: async (ctx) => {
      const data = await getQueryFn<unknown>({ on401: 'returnNull' })(ctx);
      return data === null ? null : userSchema.parse(data);
    },
    meta: { skipUnauthorizedRedirect: true },
  });
}
