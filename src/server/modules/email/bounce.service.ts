/**
 * Bounces of mail the outbox sent (ADR 040): the mail-in sync calls `markBounced` inside the
 * bounce's own transaction; the sent e-mail then shows 'Bounced' with the reason on the lead's
 * timeline. The outbox's send path and drain are not involved: a bounce arrives after 'sent'.
 */
import type { DbOrTx } from '#server/db/client.ts';
import { setEmailDelivery } from '#server/modules/timeline/timeline.api.ts';
import { failSentMessage } from './bounce.repository.ts';

export interface BouncedEmail {
  outboxId: number;
  leadId: number | null;
  timelineId: number | null;
  /** Who sent it (null: the product did, e.g. the quote acknowledgement). */
  sentBy: number | null;
  to: string;
  subject: string;
  reason: string;
}

/**
 * Marks the sent message among `messageIds` (its Message-ID as the report returns it, or the ids
 * the bounce threads under) as bounced: outbox failed with the reason, its timeline entry's
 * delivery failed and bounced. Null when none of them is a message we sent, or it was marked already.
 */
export async function markBounced(
  tx: DbOrTx,
  input: { account: string; messageIds: string[]; reason: string; at: Date },
): Promise<BouncedEmail | null> {
  const row = await failSentMessage(tx, input.account, input.messageIds, input.reason, input.at);
  if (!row) return null;
  if (row.timelineId !== null) {
    await setEmailDelivery(tx, row.timelineId, {
      outboxId: row.id,
      status: 'failed',
      error: input.reason,
      warning: row.warning,
      bounced: true,
    });
  }
  return {
    outboxId: row.id,
    leadId: row.leadId,
    timelineId: row.timelineId,
    sentBy: row.createdBy,
    to: row.toAddress,
    subject: row.subject,
    reason: input.reason,
  };
}
