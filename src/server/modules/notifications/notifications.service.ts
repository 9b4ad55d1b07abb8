import type { Db, DbOrTx } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { listUserIds } from '#server/modules/users/users.api.ts';
import * as repo from './notifications.repository.ts';

/** The panel shows the latest notifications; older ones stay in the database. */
export const NOTIFICATION_LIST_LIMIT = 50;

export interface NotifyInput {
  type: 'new_lead' | 'new_import' | 'other';
  title: string;
  message: string;
  relatedId?: number | null;
  relatedType?: string | null;
  createdBy?: number | null;
}

export function createNotificationsService(deps: { db: Db; hub: EventHub }) {
  const { db, hub } = deps;

  const service = {
    list: (userId: number) => repo.listForUser(db, userId, NOTIFICATION_LIST_LIMIT),
    count: (userId: number) => repo.countUnread(db, userId),

    async markRead(userId: number, id: number): Promise<void> {
      if (!(await repo.markRead(db, userId, id))) throw notFound('Notification not found');
      hub.publish({ type: 'notifications_read', data: {}, audience: { kind: 'users', userIds: [userId] } });
    },

    async markAllRead(userId: number): Promise<number> {
      const n = await repo.markAllRead(db, userId);
      hub.publish({ type: 'notifications_read', data: {}, audience: { kind: 'users', userIds: [userId] } });
      return n;
    },

    /**
     * Notifies the given users (default: every staff user except the author). Pass `tx` to write
     * inside a caller's transaction; the live event goes out right away, so call it after commit
     * when the notification must not be seen before the data it points to.
     */
    async notify(input: NotifyInput, opts: { userIds?: number[]; tx?: DbOrTx } = {}): Promise<number> {
      const handle = opts.tx ?? db;
      const staff = await listUserIds(handle);
      const recipients = opts.userIds
        ? staff.filter((id) => opts.userIds!.includes(id))
        : staff.filter((id) => id !== input.createdBy);
      const rows = await repo.insertMany(
        handle,
        recipients.map((userId) => ({ ...input, userId })),
      );
      if (rows.length) {
        hub.publish({
          type: 'notification_created',
          data: { type: input.type, relatedId: input.relatedId ?? null },
          audience: { kind: 'users', userIds: rows.map((r) => r.userId) },
        });
      }
      return rows.length;
    },
  };
  return service;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
