import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationCountSchema, notificationListSchema } from '#shared/schemas/notifications.ts';
import { apiRequest, getQueryFn } from '#web/lib/api-client.ts';

/** Unread count, refetched every 30 s while signed in. */
export const NOTIFICATION_POLL_MS = 30_000;
const COUNT_KEY = ['/api/notifications/count'] as const;
const LIST_KEY = ['/api/notifications'] as const;

export function useNotificationCount(enabled: boolean) {
  return useQuery({
    queryKey: COUNT_KEY,
    queryFn: async (ctx) => notificationCountSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)).count,
    refetchInterval: NOTIFICATION_POLL_MS,
    enabled,
  });
}

/** Requested only while the panel is open. */
export function useNotifications(open: boolean) {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: async (ctx) => notificationListSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
    enabled: open,
  });
}

function useNotificationMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

export const useMarkRead = () =>
  useNotificationMutation((id: number) => apiRequest('PUT', `/api/notifications/${id}/read`));
export const useMarkAllRead = () =>
  useNotificationMutation(() => apiRequest('PUT', '/api/notifications/mark-all-read'));
