/**
 * Query keys of tasks. A lead's tasks sit under its lead key ('/api/leads', id), so the live lead
 * events (src/web/lib/realtime.ts) refresh them with the lead; Today under '/api/tasks'.
 */
export const leadTasksKey = (leadId: number) => ['/api/leads', leadId, 'tasks'] as const;
export const TASKS_KEY = ['/api/tasks'] as const;
export const todayKey = (until: string) => ['/api/tasks', 'today', until] as const;
export const TASK_OWNERS_KEY = ['/api/tasks', 'owners'] as const;
export const TASK_SETTINGS_KEY = ['/api/tasks', 'settings'] as const;
