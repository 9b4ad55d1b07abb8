import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import type { InboxFilter } from '#shared/schemas/inbox.ts';
import { seenBy } from '../leads.repository.ts';

export interface InboxKey {
  /** inbox_at to the microsecond, 'YYYY-MM-DDTHH:MM:SS.ffffffZ'. */
  at: string;
  id: number;
}

export interface InboxRow {
  leadId: number;
  reference: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  status: string;
  assignedTo: number | null;
  ownerName: string | null;
  mailbox: string | null;
  emailSource: string;
  waitingSince: string;
  lastMessageAt: string;
  key: string;
  subject: string | null;
  preview: string | null;
  unread: boolean;
  version: number;
}

function ownerCondition(filter: InboxFilter, userId: number): SQL {
  if (filter === 'mine') return sql`and leads.assigned_to = ${userId}::int`;
  if (filter === 'unassigned') return sql`and leads.assigned_to is null`;
  return sql``;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of conversations waiting for us (ADR 065): a walk of leads_inbox_idx newest first, and
 * for each row the customer's latest e-mail by one step of lead_timeline_thread_idx (the lateral
 * subquery repeats that index's predicate so the planner can use it).
 */
export async function listInbox(
  db: DbOrTx,
  opts: { userId: number; filter: InboxFilter; after: InboxKey | null; limit: number },
): Promise<InboxRow[]> {
  const after = opts.after
    ? sql`and (leads.inbox_at, leads.id) < (${opts.after.at}::timestamptz, ${opts.after.id}::int)`
    : sql``;
  const result = await db.execute(sql`
    select leads.id as "leadId", leads.reference, leads.first_name as "firstName", leads.last_name as "lastName", leads.email,
      leads.status, leads.assigned_to as "assignedTo",
      case when u.id is null then null
        else coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, u.username) end as "ownerName",
      leads.inbox_mailbox as mailbox, leads.email_source as "emailSource",
      ${iso(sql`coalesce(leads.inbox_since, leads.inbox_at)`)} as "waitingSince",
      ${iso(sql`leads.inbox_at`)} as "lastMessageAt", ${iso(sql`leads.inbox_at`)} as key,
      m.title as subject, m.description as preview,
      not ${seenBy(opts.userId)} as unread, leads.version
    from leads
    left join users u on u.id = leads.assigned_to
    left join lateral (
      select t.title, t.description from lead_timeline t
      where t.lead_id = leads.id and t.type = 'email' and t.message_id is not null
        and coalesce((t.email_data->>'isOutgoing')::boolean, false) = false
        and t.metadata->>'event' is distinct from 'auto_reply'
      order by t.created_at desc, t.id desc
      limit 1
    ) m on true
    where leads.inbox_at is not null ${ownerCondition(opts.filter, opts.userId)} ${after}
    order by leads.inbox_at desc, leads.id desc
    limit ${opts.limit}::int`);
  return (result as unknown as { rows: InboxRow[] }).rows;
}

/** The sidebar shows '99+' past this: counting stops there. */
export const INBOX_COUNT_CAP = 100;

/** The sidebar's count: waiting conversations that are mine or nobody's and that I have not opened. */
export async function countInboxUnread(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (select 1 from leads
      where "leads"."inbox_at" is not null
        and ("leads"."assigned_to" = ${userId}::int or "leads"."assigned_to" is null)
        and not ${seenBy(userId)}
      limit ${INBOX_COUNT_CAP}::int) unread`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Done without an e-mail (answered by phone, nothing to say): the conversation leaves the inbox. */
export async function markInboxDone(db: DbOrTx, leadId: number): Promise<boolean> {
  const result = await db.execute(sql`
    update leads set inbox_since = null, inbox_at = null, staff_unread = false
    where id = ${leadId}::int returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
