import { SECOND, type Job } from './job.ts';

/** What the job needs from the tasks module (src/server/modules/tasks/task-reminders.service.ts). */
export interface DueTaskAnnouncer {
  announceDue(signal?: AbortSignal): Promise<{ announced: number; emailed: number }>;
}

/**
 * Tells owners about tasks that have come due (docs/decisions/066-lead-tasks-and-pipeline-board.md),
 * every `everySeconds` (60 in production; TASK_DUE_CHECK_SECONDS lowers it for browser tests).
 * One instance runs each slot (the runner's lease); each task is claimed once in the database.
 */
export function taskDueJob(reminders: DueTaskAnnouncer, everySeconds = 60): Job {
  return {
    name: 'task-due',
    schedule: { every: everySeconds * SECOND, firstAfter: Math.min(5, everySeconds) * SECOND },
    retry: { attempts: 2, backoff: Math.min(10, everySeconds) * SECOND },
    async run(ctx) {
      return reminders.announceDue(ctx.signal);
    },
  };
}
