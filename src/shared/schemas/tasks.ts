/**
 * Contracts of a lead's next steps (docs/decisions/066-lead-tasks-and-pipeline-board.md): one
 * definition for the server's validation and answers and for the client's forms and parsing.
 */
import { z } from 'zod';
import { dbIdSchema, isoDateTime } from './common.ts';
import { versionField, versionSchema } from './versioned.ts';

export const TASK_TITLE_MAX = 200;
export const TASK_NOT_FOUND = 'Task not found';
export const TASK_OWNER_UNKNOWN = 'Choose a staff member as the owner';

/** The earliest open task of a lead, as the leads list shows it ('Next step'). */
export const nextTaskSchema = z.object({
  id: z.number(),
  title: z.string(),
  dueAt: z.string(),
  ownerId: z.number().nullable(),
});
export type NextTask = z.infer<typeof nextTaskSchema>;

export const taskSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  title: z.string(),
  dueAt: z.string(),
  ownerId: z.number().nullable(),
  /** The owner's display name; null without an owner; marked when the account was deleted. */
  ownerName: z.string().nullable(),
  createdBy: z.number().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.number().nullable(),
  createdAt: z.string(),
  version: versionSchema,
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.array(taskSchema);

/** A task in 'Today': the task and the lead it belongs to. */
export const todayTaskSchema = taskSchema.extend({
  lead: z.object({
    reference: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    vehicleMake: z.string(),
    vehicleModel: z.string(),
    phone: z.string().nullable(),
  }),
});
export type TodayTask = z.infer<typeof todayTaskSchema>;
export const todayResponseSchema = z.object({
  overdue: z.array(todayTaskSchema),
  today: z.array(todayTaskSchema),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

const title = z
  .string({ error: 'What is required' })
  .trim()
  .min(1, 'What is required')
  .max(TASK_TITLE_MAX, `What is at most ${TASK_TITLE_MAX} characters`);

/** POST /api/leads/:id/tasks. The owner defaults to the signed-in user. */
export const taskCreateSchema = z.object({
  title,
  dueAt: z
    .string({ error: 'Due date is required' })
    .refine((v) => isoDateTime.safeParse(v).success, { error: 'Due date must be a date and time' }),
  ownerId: dbIdSchema(TASK_OWNER_UNKNOWN).nullable().optional(),
});
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/** How a completed task is logged on the lead's timeline in the same step (none, a call, or a note). */
export const TASK_LOG_KINDS = ['call', 'chat'] as const;

/** PATCH /api/tasks/:id: only the fields sent change; `done` completes or reopens. */
export const taskUpdateSchema = z.object({
  title: title.optional(),
  dueAt: taskCreateSchema.shape.dueAt.optional(),
  ownerId: dbIdSchema(TASK_OWNER_UNKNOWN).nullable().optional(),
  done: z.boolean().optional(),
  /** With done: true, also log this on the lead's timeline, in the same transaction. */
  log: z
    .object({
      type: z.enum(TASK_LOG_KINDS, { error: 'Choose call or note' }),
      notes: z.string().trim().min(1, 'Notes are required').max(5000, 'Notes are at most 5000 characters'),
    })
    .optional(),
  version: versionField,
});
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;

/** GET/PUT /api/tasks/settings: the signed-in user's own preference. */
export const taskSettingsSchema = z.object({
  /** A due task also arrives by e-mail (through the outbox) besides the bell. */
  emailReminders: z.boolean({ error: 'Choose on or off' }),
});
export type TaskSettings = z.infer<typeof taskSettingsSchema>;

/** GET /api/tasks/owners: who a task can be given to (every live staff account). */
export const taskOwnerListSchema = z.array(z.object({ id: z.number(), name: z.string() }));
export type TaskOwner = z.infer<typeof taskOwnerListSchema>[number];
