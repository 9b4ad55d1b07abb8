import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taskSettingsSchema, todayResponseSchema, type TaskSettings } from '#shared/schemas/tasks.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { TASK_SETTINGS_KEY, todayKey } from './task-keys.ts';

/** GET /api/tasks/today: my overdue tasks and the rest of today (until the local midnight given). */
export const useToday = (until: Date) => {
  const iso = until.toISOString();
  return useQuery({
    queryKey: todayKey(iso),
    queryFn: async () =>
      todayResponseSchema.parse(await apiRequest('GET', `/api/tasks/today?until=${encodeURIComponent(iso)}`)),
    // A task comes due while the screen is open: look again every minute.
    refetchInterval: 60_000,
  });
};

/** GET/PUT /api/tasks/settings: whether due tasks also arrive by e-mail. */
export const useTaskSettings = () =>
  useQuery({
    queryKey: TASK_SETTINGS_KEY,
    queryFn: async () => taskSettingsSchema.parse(await apiRequest('GET', '/api/tasks/settings')),
  });

export function useSaveTaskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: TaskSettings) =>
      taskSettingsSchema.parse(await apiRequest('PUT', '/api/tasks/settings', data)),
    onSuccess: (saved) => queryClient.setQueryData(TASK_SETTINGS_KEY, saved),
  });
}
