import { sql } from 'drizzle-orm';
import type { MailboxAccount } from '#shared/schemas/email.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { mailboxConnections } from '#server/db/schema/messaging.ts';
import { mailboxSignatures } from '#server/db/schema/outbox.ts';
import { leadTimeline, leads } from '#server/db/schema/leads.ts';
import { proposals } from '#server/db/schema/proposals.ts';

/** Everything a send from a lead needs to accept the message, read in one statement. */
export interface SendContextRow {
  id: number;
  reference: string;
  firstName: string;
  email: string | null;
  emailSource: string;
  /** The sending address of each mailbox that can send (connected, with its secret), else null. */
  from: Record<MailboxAccount, string | null>;
  signature: Record<MailboxAccount, string>;
  /** The customer's latest e-mail's Message-ID (threading), null when none. */
  inReplyTo: string | null;
  /**
   * The References chain of a reply (RFC 5322 3.6.4): the Message-IDs of the lead's e-mails, both
   * ways, up to and ending with inReplyTo, oldest first; the first and the latest 19 when longer.
   * Null when there is nothing to reply to.
   */
  references: string | null;
  /** The asked proposal's lead; null when none was asked or there is no such proposal. */
  proposalLeadId: number | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The lead, both mailboxes' sending state and signatures, and the threading lookup in one read
 * (the send call answered in two statements, issue 15). A mailbox can send when it is connected
 * with an address and a stored secret; the sender checks the secret itself before each attempt.
 */
export async function readSendContext(
  db: DbOrTx,
  leadId: number,
  proposalId?: number | null,
): Promise<SendContextRow | undefined> {
  // Scalar subqueries rather than joins: the mailboxes and signatures are one small object each,
  // and the planner has no join order to search (0.5 ms less per call on PGlite).
  const result = await db.execute(sql`
    select l.id, l.reference, l.first_name as "firstName", l.email, l.email_source as "emailSource",
      (select json_object_agg(m.account, case when m.status = 'connected' and m.secret_encrypted is not null
          and m.address is not null and (m.provider = 'gmail'
            or (jsonb_typeof(m.config->'imap') = 'object' and jsonb_typeof(m.config->'smtp') = 'object'))
          then m.address end)
        from ${mailboxConnections} m) as "from",
      (select json_object_agg(s.account, s.html) from ${mailboxSignatures} s) as "signature",
      (select t.message_id from ${leadTimeline} t
        where t.lead_id = l.id and t.type = 'email' and t.message_id is not null
          and coalesce((t.email_data->>'isOutgoing')::boolean, false) = false
          -- An out-of-office answer is not what a reply should thread under (ADR 040).
          and t.metadata->>'event' is distinct from 'auto_reply'
        order by t.created_at desc, t.id desc limit 1) as "inReplyTo",
      (select coalesce(json_agg(c.message_id order by c.created_at, c.id), '[]'::json) from (
        select t.message_id, t.created_at, t.id from ${leadTimeline} t
        where t.lead_id = l.id and t.type = 'email' and t.message_id is not null
          and t.metadata->>'event' is distinct from 'auto_reply') c) as "chain",
      ${proposalId ? sql`(select p.lead_id from ${proposals} p where p.id = ${proposalId})` : sql`null`} as "proposalLeadId"
    from ${leads} l
    where l.id = ${leadId}`);
  const [row] = rowsOf<{
    id: number;
    reference: string;
    firstName: string;
    email: string | null;
    emailSource: string;
    from: Partial<Record<string, string | null>> | null;
    signature: Partial<Record<string, string | null>> | null;
    inReplyTo: string | null;
    chain: string[] | null;
    proposalLeadId: number | null;
  }>(result);
  if (!row) return undefined;
  return {
    id: row.id,
    reference: row.reference,
    firstName: row.firstName,
    email: row.email,
    emailSource: row.emailSource,
    from: { geral: row.from?.geral ?? null, comercial: row.from?.comercial ?? null },
    signature: { geral: row.signature?.geral ?? '', comercial: row.signature?.comercial ?? '' },
    inReplyTo: row.inReplyTo,
    references: referencesChain(row.chain ?? [], row.inReplyTo),
    proposalLeadId: row.proposalLeadId,
  };
}

/** Both mailboxes' sending state and signatures, for mail to a customer without a lead (ADR 068). */
export async function readMailboxState(db: DbOrTx): Promise<Pick<SendContextRow, 'from' | 'signature'>> {
  const result = await db.execute(sql`
    select
      (select json_object_agg(m.account, case when m.status = 'connected' and m.secret_encrypted is not null
          and m.address is not null and (m.provider = 'gmail'
            or (jsonb_typeof(m.config->'imap') = 'object' and jsonb_typeof(m.config->'smtp') = 'object'))
          then m.address end)
        from ${mailboxConnections} m) as "from",
      (select json_object_agg(s.account, s.html) from ${mailboxSignatures} s) as "signature"`);
  const [row] = rowsOf<{
    from: Partial<Record<string, string | null>> | null;
    signature: Partial<Record<string, string | null>> | null;
  }>(result);
  return {
    from: { geral: row?.from?.geral ?? null, comercial: row?.from?.comercial ?? null },
    signature: { geral: row?.signature?.geral ?? '', comercial: row?.signature?.comercial ?? '' },
  };
}

/** The chain up to and ending with the message replied to; its first id and the latest 19 past 20. */
export function referencesChain(chain: readonly string[], inReplyTo: string | null): string | null {
  if (!inReplyTo) return null;
  const end = chain.lastIndexOf(inReplyTo);
  const ids = end === -1 ? [inReplyTo] : chain.slice(0, end + 1);
  const kept = ids.length > 20 ? [ids[0]!, ...ids.slice(-19)] : ids;
  return kept.join(' ');
}
