import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  apiTokenSchema,
  type ApiTokenCreate,
} from '#shared/schemas/api-tokens.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The signed-in user's personal access tokens (Edit Profile). */
export const apiTokensQuery = () =>
  queryOptions({
    queryKey: ['/api/profile/tokens'],
    queryFn: async () => apiTokenListSchema.parse(await apiRequest('GET', '/api/profile/tokens')),
  });

export const useApiTokens = (enabled = true) => useQuery({ ...apiTokensQuery(), enabled });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: ApiTokenCreate) =>
      apiTokenCreatedSchema.parse(await apiRequest('POST', '/api/profile/tokens', data)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => apiTokenSchema.parse(await apiRequest('DELETE', `/api/profile/tokens/${id}`)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}
