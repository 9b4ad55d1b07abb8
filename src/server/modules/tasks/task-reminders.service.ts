import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { OutboxService } from '#server/modules/email/outbox.service.ts';
import { claimDueTasks, type DueTask } from './tasks.repository.ts';

/** Tasks claimed per statement; the job loops until none are left. */
const BATCH = 100;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Who hears of a due task: its owner, else (the owner's account gone) the staff member who wrote it. */
export const recipientOf = (task: Pick<DueTask, 'ownerId' | 'createdBy'>) => task.ownerId ?? task.createdBy;

function reminderMail(task: DueTask, publicUrl: string) {
  const link = `${publicUrl}/admin/leads/${task.leadId}`;
  const subject = `Task due: ${task.title} (${task.leadName}, #${task.leadReference})`;
  const text = `${task.title}\nLead: ${task.leadName} (#${task.leadReference})\nDue: ${task.dueAt.toISOString()}\n\n${link}\n`;
  const html =
    `<!doctype html><html><body><div style="font-family:Arial,Helvetica,sans-serif;font-size:14px">` +
    `<p><strong>${escapeHtml(task.title)}</strong></p>` +
    `<p>Lead: ${escapeHtml(task.leadName)} (#${escapeHtml(task.leadReference)})</p>` +
    `<p><a href="${escapeHtml(link)}">Open the lead</a></p></div></body></html>`;
  return { subject, text, html };
}

/**
 * Announces due tasks (the task-due job, docs/decisions/066-lead-tasks-and-pipeline-board.md):
 * each task is claimed and its bell notification written in one transaction, so it is announced
 * exactly once whichever instance runs the job; the e-mail (when the owner asked for it) goes to
 * the outbox after commit with an idempotency key of the task and its due time.
 */
export function createTaskRemindersService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notify'>;
  outbox: Pick<OutboxService, 'enqueue'>;
  publicUrl: string;
}) {
  const { db, hub, clock, notifications, outbox } = deps;

  async function batch(): Promise<DueTask[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await claimDueTasks(tx, now, BATCH);
      for (const task of due) {
        const to = recipientOf(task);
        if (to === null) continue;
        await notifications.notify(
          {
            type: 'other',
            title: 'Task due',
            message: `${task.title} — ${task.leadName} (#${task.leadReference})`,
            relatedId: task.leadId,
            relatedType: 'lead',
            createdBy: null,
          },
          { userIds: [to], tx },
        );
      }
      return due;
    });
  }

  return {
    /** Announces every task due now; answers how many were announced and e-mailed. */
    async announceDue(signal?: AbortSignal): Promise<{ announced: number; emailed: number }> {
      let announced = 0;
      let emailed = 0;
      for (;;) {
        const due = await batch();
        announced += due.length;
        const recipients = [...new Set(due.map(recipientOf).filter((id): id is number => id !== null))];
        // notify() told the sockets before the commit; tell them again now the rows are visible.
        if (recipients.length)
          hub.publish({
            type: 'notification_created',
            data: { type: 'other', relatedId: null },
            audience: { kind: 'users', userIds: recipients },
          });
        for (const task of due) {
          if (!task.emailReminders || !task.ownerEmail || task.ownerId === null) continue;
          await outbox.enqueue({
            idempotencyKey: `task-due:${task.id}:${task.dueAt.toISOString()}`,
            account: 'geral',
            purpose: 'reminder',
            leadId: null,
            to: task.ownerEmail,
            ...reminderMail(task, deps.publicUrl),
            inReplyTo: null,
            references: null,
            createdBy: null,
            from: null,
            timeline: null,
          });
          emailed++;
        }
        if (due.length < BATCH || signal?.aborted) return { announced, emailed };
      }
    },
  };
}

export type TaskRemindersService = ReturnType<typeof createTaskRemindersService>;
