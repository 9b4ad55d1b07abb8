import type { z } from 'zod';
import { DELETED_USER_SUFFIX } from '#shared/schemas/users.ts';
import { TIMELINE_KIND_LABELS } from '#shared/schemas/timeline.ts';
import {
  TASK_NOT_FOUND,
  TASK_OWNER_UNKNOWN,
  type Task,
  type TaskSettings,
  type TodayResponse,
  type taskCreateSchema,
  type taskUpdateSchema,
} from '#shared/schemas/tasks.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { staleVersion } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { addTimelineEntry, recomputeLastInteraction } from '#server/modules/timeline/timeline.api.ts';
import * as repo from './tasks.repository.ts';

export const LEAD_NOT_FOUND = 'Lead not found';
const LOG_NEEDS_DONE = 'A call or note is logged only when the task is completed';

type CreateInput = z.output<typeof taskCreateSchema>;
type UpdateInput = z.output<typeof taskUpdateSchema>;
type Author = { id: number };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toTask({ task, ...owner }: repo.TaskWithOwner): Task {
  const names = [owner.ownerFirstName, owner.ownerLastName].filter(Boolean).join(' ') || owner.ownerUsername;
  return {
    id: task.id,
    leadId: task.leadId,
    title: task.title,
    dueAt: iso(task.dueAt)!,
    ownerId: task.ownerId,
    ownerName: names ? `${names}${owner.ownerDeletedAt ? DELETED_USER_SUFFIX : ''}` : null,
    createdBy: task.createdBy,
    doneAt: iso(task.doneAt),
    doneBy: task.doneBy,
    createdAt: iso(task.createdAt)!,
    version: task.version,
  };
}

/**
 * A lead's next steps (docs/decisions/066-lead-tasks-and-pipeline-board.md). Every change tells
 * open screens through lead_updated: the leads list's 'Next step', the lead and 'Today' refetch.
 */
export function createTasksService(deps: { db: Db; hub: EventHub; clock: Clock }) {
  const { db, hub, clock } = deps;
  const changed = (leadId: number, byUserId: number) =>
    hub.publish({ type: 'lead_updated', data: { leadId, byUserId }, audience: { kind: 'staff' } });

  async function answer(id: number): Promise<Task> {
    const row = await repo.findTask(db, id);
    if (!row) throw notFound(TASK_NOT_FOUND);
    return toTask(row);
  }

  async function checkOwner(ownerId: number | null | undefined) {
    if (ownerId == null) return;
    if (!(await repo.liveUserExists(db, ownerId)))
      throw new AppError('VALIDATION', TASK_OWNER_UNKNOWN, { ownerId: TASK_OWNER_UNKNOWN });
  }

  return {
    async list(leadId: number): Promise<Task[]> {
      if (!(await repo.leadExists(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      return (await repo.listForLead(db, leadId)).map(toTask);
    },

    /** A new open task; its owner is the author unless another staff member is chosen. */
    async create(leadId: number, input: CreateInput, user: Author): Promise<Task> {
      if (!(await repo.leadExists(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      await checkOwner(input.ownerId);
      const now = clock.now();
      const row = await repo.insertTask(db, {
        leadId,
        title: input.title,
        dueAt: new Date(input.dueAt),
        ownerId: input.ownerId === undefined ? user.id : input.ownerId,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      });
      changed(leadId, user.id);
      return answer(row.id);
    },

    /**
     * Edits, completes or reopens a task (versioned, ADR 022). A new due time or owner makes it due
     * again for the reminder; completing it can log a call or note on the lead in the same transaction.
     */
    async update(id: number, input: UpdateInput, expected: number | null, user: Author): Promise<Task> {
      const current = await repo.findTask(db, id);
      if (!current) throw notFound(TASK_NOT_FOUND);
      if (input.log && input.done !== true) throw new AppError('VALIDATION', LOG_NEEDS_DONE, { log: LOG_NEEDS_DONE });
      await checkOwner(input.ownerId);
      const now = clock.now();
      const set: Partial<repo.NewTaskRow> = { updatedAt: now };
      if (input.title !== undefined) set.title = input.title;
      if (input.dueAt !== undefined) set.dueAt = new Date(input.dueAt);
      if (input.ownerId !== undefined) set.ownerId = input.ownerId;
      const moved =
        (set.dueAt && set.dueAt.getTime() !== current.task.dueAt.getTime()) ||
        (input.ownerId !== undefined && input.ownerId !== current.task.ownerId);
      if (moved) set.notifiedAt = null;
      if (input.done === true && !current.task.doneAt) Object.assign(set, { doneAt: now, doneBy: user.id });
      if (input.done === false && current.task.doneAt) Object.assign(set, { doneAt: null, doneBy: null });
      const leadId = current.task.leadId;
      await db.transaction(async (tx) => {
        const row = await repo.updateTask(tx, id, set, expected);
        if (!row)
          throw (await repo.taskVersion(tx, id)) === undefined ? notFound(TASK_NOT_FOUND) : staleVersion('task');
        if (input.log && set.doneAt) {
          await addTimelineEntry(tx, {
            leadId,
            type: input.log.type,
            title: `${TIMELINE_KIND_LABELS[input.log.type]}: ${row.title}`.slice(0, 255),
            description: input.log.notes,
            createdAt: now,
            createdBy: user.id,
          });
          await recomputeLastInteraction(tx, leadId);
        }
      });
      changed(leadId, user.id);
      return answer(id);
    },

    async remove(id: number, expected: number | null, user: Author): Promise<void> {
      const current = await repo.findTask(db, id);
      if (!current) throw notFound(TASK_NOT_FOUND);
      if (!(await repo.deleteTask(db, id, expected)))
        throw (await repo.taskVersion(db, id)) === undefined ? notFound(TASK_NOT_FOUND) : staleVersion('task');
      changed(current.task.leadId, user.id);
    },

    /** My open tasks: overdue (due before now) and the rest of today (due before `until`). */
    async today(userId: number, until: Date): Promise<TodayResponse> {
      const now = clock.now();
      const rows = await repo.openTasksOfOwner(db, userId, until > now ? until : now);
      const out: TodayResponse = { overdue: [], today: [] };
      for (const { lead, ...row } of rows) {
        const task = { ...toTask(row), lead };
        (row.task.dueAt <= now ? out.overdue : out.today).push(task);
      }
      return out;
    },

    owners: () => repo.listOwners(db),

    settings: (userId: number): Promise<TaskSettings> => repo.getSettings(db, userId),
    async putSettings(userId: number, input: TaskSettings): Promise<TaskSettings> {
      await repo.putSettings(db, userId, input.emailReminders, clock.now());
      return repo.getSettings(db, userId);
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
