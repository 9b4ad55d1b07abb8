import { useQuery } from '@tanstack/react-query';
import { taskListSchema, taskOwnerListSchema } from '#shared/schemas/tasks.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { leadTasksKey, TASK_OWNERS_KEY } from './task-keys.ts';

/** GET /api/leads/{id}/tasks: open tasks by due time, then done ones. */
export const useLeadTasks = (leadId: number) =>
  useQuery({
    queryKey: leadTasksKey(leadId),
    queryFn: async () => taskListSchema.parse(await apiRequest('GET', `/api/leads/${leadId}/tasks`)),
  });

/** GET /api/tasks/owners: the staff a task can be given to. */
export const useTaskOwners = () =>
  useQuery({
    queryKey: TASK_OWNERS_KEY,
    queryFn: async () => taskOwnerListSchema.parse(await apiRequest('GET', '/api/tasks/owners')),
    staleTime: 60_000,
  });
