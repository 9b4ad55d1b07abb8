import type { Db } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { EmailSource, LeadStatus } from '#shared/leads/status.ts';
import { INBOX_PAGE_SIZE, type InboxItem, type InboxPage, type InboxQuery } from '#shared/schemas/inbox.ts';
import * as repo from './inbox.repository.ts';

const LEAD_NOT_FOUND = 'Lead not found';

const toItem = (r: repo.InboxRow): InboxItem => ({
  leadId: r.leadId,
  reference: r.reference,
  name: [r.firstName, r.lastName].filter(Boolean).join(' '),
  email: r.email,
  status: r.status as LeadStatus,
  assignedTo: r.assignedTo,
  ownerName: r.ownerName,
  // Conversations from before the inbox kept its mailbox: the lead's own.
  mailbox: ((r.mailbox ?? r.emailSource) === 'comercial' ? 'comercial' : 'geral') satisfies EmailSource,
  waitingSince: new Date(r.waitingSince).toISOString(),
  lastMessageAt: new Date(r.lastMessageAt).toISOString(),
  subject: r.subject,
  preview: r.preview,
  unread: r.unread,
  version: r.version,
});

/** The cursor names the last row's place: its latest message to the microsecond, then its id. */
function parseCursor(cursor: string | undefined): repo.InboxKey | null {
  if (!cursor) return null;
  const [at, id] = cursor.split('_');
  return { at: at!, id: Number(id) };
}

/** Conversations waiting for us (ADR 065): read, counted, marked done. */
export function createInboxService(deps: { db: Db; hub: EventHub }) {
  const { db, hub } = deps;
  return {
    async list(userId: number, query: InboxQuery): Promise<InboxPage> {
      const rows = await repo.listInbox(db, {
        userId,
        filter: query.filter,
        after: parseCursor(query.cursor),
        limit: INBOX_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, INBOX_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map(toItem),
        nextCursor: rows.length > INBOX_PAGE_SIZE && last ? `${last.key}_${last.leadId}` : null,
      };
    },

    count: (userId: number) => repo.countInboxUnread(db, userId),

    async markDone(leadId: number, userId: number): Promise<void> {
      if (!(await repo.markInboxDone(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      hub.publish({ type: 'lead_updated', data: { leadId, byUserId: userId }, audience: { kind: 'staff' } });
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
