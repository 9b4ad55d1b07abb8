import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskSchema, type Task, type TaskCreateInput, type TaskUpdateInput } from '#shared/schemas/tasks.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { TASKS_KEY } from './task-keys.ts';

/** Every task write refreshes the lead (its tasks, the list's Next step) and Today. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['/api/leads'] });
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
  };
}

/** POST /api/leads/{id}/tasks */
export function useCreateTask(leadId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (data: TaskCreateInput): Promise<Task> =>
      taskSchema.parse(await apiRequest('POST', `/api/leads/${leadId}/tasks`, data)),
    onSuccess: refresh,
  });
}

/** PUT /api/tasks/{id} with the version on screen (ADR 022): edit, complete (and log), reopen. */
export function useUpdateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...data }: TaskUpdateInput & { id: number }): Promise<Task> =>
      taskSchema.parse(await apiRequest('PUT', `/api/tasks/${id}`, data)),
    onSuccess: refresh,
  });
}

/** DELETE /api/tasks/{id} with If-Match. */
export function useDeleteTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (task: Pick<Task, 'id' | 'version'>) => {
      await apiRequest('DELETE', `/api/tasks/${task.id}`, undefined, { 'If-Match': `"${task.version}"` });
    },
    onSuccess: refresh,
  });
}
