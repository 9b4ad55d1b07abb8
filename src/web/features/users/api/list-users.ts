import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersListSchema, type User } from '#shared/schemas/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { USERS_KEY } from './user-keys.ts';

/** GET /api/users?search=: the live accounts (admins only), searched on the server. */
export const usersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'list', search] as const,
    queryFn: async (): Promise<User[]> => {
      const query = search.trim() ? `?${new URLSearchParams({ search: search.trim() })}` : '';
      return usersListSchema.parse(await apiRequest('GET', `/api/users${query}`));
    },
  });

/** While a new search loads, the previous rows stay on screen. */
export const useUsers = (search: string) =>
  useQuery({ ...usersQueryOptions(search), placeholderData: keepPreviousData });
