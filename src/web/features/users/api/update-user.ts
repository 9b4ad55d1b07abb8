import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type UserUpdate } from '#shared/schemas/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, data }: { id: number; data: UserUpdate }) =>
      userSchema.parse(await apiRequest('PUT', `/api/users/${id}`, data)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/users'] });
    },
  });
}
