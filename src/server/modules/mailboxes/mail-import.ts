/**
 * What one incoming message becomes (DECISIONS 8, ADR 025), in one short transaction: claimed in
 * the ledger first (unique per mailbox and Message-ID, so two instances never both handle it),
 * then a reply in a known thread or from a known sender goes on that lead's timeline, a person
 * writing becomes a new lead, and robots and our own mail are ignored and counted.
 */
import type { DbOrTx } from '#server/db/client.ts';
import { markBounced, type BouncedEmail } from '#server/modules/email/email.api.ts';
import { insertLead, makeModelFromListingLink, nextLeadReference, splitName } from '#server/modules/leads/leads.api.ts';
import { addTimelineEntry } from '#server/modules/timeline/timeline.api.ts';
import { NOT_SPECIFIED } from '#shared/schemas/leads.ts';
import type { MailAccount } from '#shared/schemas/mailboxes.ts';
import {
  bounceDetails,
  findListingLink,
  findPhone,
  findReference,
  formatAddress,
  robotKind,
  type IncomingMessage,
} from './mail-message.ts';
import * as repo from './mailboxes.repository.ts';

export type ImportOutcome =
  | 'lead_created'
  | 'timeline'
  | 'duplicate'
  | 'ignored_self'
  | 'ignored_bounce'
  | 'ignored_auto'
  | 'ignored_bulk'
  | 'ignored_unknown'
  /** A bounce of a message we sent: that e-mail is marked bounced on its lead's timeline (ADR 040). */
  | 'bounce_matched'
  /** An auto-reply on a known conversation: a quiet note on the lead's timeline (ADR 040). */
  | 'auto_reply_noted'
  | 'failed';

export interface ImportResult {
  /** null: another instance (or an earlier run) already handled this message. */
  outcome: ImportOutcome | null;
  leadId: number | null;
  reference?: string;
  /** The sent e-mail a bounce returned (its sender is told after commit). */
  bounce?: BouncedEmail;
}

export interface ImportContext {
  account: MailAccount;
  /** The company's own addresses (both mailboxes), lower case. */
  companyAddresses: string[];
  providerKey: string | null;
  threadKey: string | null;
  now: Date;
  /** Import by reference: a person's message becomes a lead with this reference. */
  forceReference?: string;
}

const BODY_MAX = 200_000;
const ATTACHMENT_MAX = 25 * 1024 * 1024;

function entryFor(msg: IncomingMessage, leadId: number, ctx: ImportContext) {
  const body = msg.text.length > BODY_MAX ? `${msg.text.slice(0, BODY_MAX)}\n[…]` : msg.text;
  return {
    leadId,
    type: 'email' as const,
    title: (msg.subject || '(no subject)').slice(0, 1000),
    description: body.replace(/\s+/g, ' ').trim().slice(0, 500),
    emailData: {
      from: formatAddress(msg.from),
      to: [...msg.to, ...msg.cc].map(formatAddress).join(', '),
      subject: msg.subject,
      body,
      isOutgoing: false,
    },
    metadata: ctx.threadKey ? { threadId: ctx.threadKey } : null,
    messageId: msg.messageId,
    createdAt: msg.date,
    createdBy: null,
  };
}

async function addToTimeline(
  tx: DbOrTx,
  msg: IncomingMessage,
  leadId: number,
  ctx: ImportContext,
  /** False for a lead made from this very message: its lastInteractionAt is the message's date already. */
  touch = true,
): Promise<boolean> {
  // The same message reached the other mailbox first (lead_timeline.message_id is unique). A race
  // between the two mailboxes fails this transaction instead; the next run then lands here.
  if (await repo.timelineHasMessage(tx, msg.messageId)) return false;
  const row = await addTimelineEntry(tx, entryFor(msg, leadId, ctx));
  const files = msg.attachments.filter((a) => a.content.length <= ATTACHMENT_MAX);
  await repo.insertAttachments(
    tx,
    files.map((a) => ({
      timelineId: row.id,
      filename: a.filename,
      contentType: a.contentType,
      byteSize: a.content.length,
      data: a.content,
    })),
  );
  if (touch) await repo.touchLead(tx, leadId, msg.date);
  return true;
}

/**
 * An auto-reply (out of office) on a known conversation: a short note on the lead's timeline so
 * staff know why nobody answers, without attachments, without moving lastInteractionAt (it is not
 * contact) and never a thread to reply under (ADR 040).
 */
async function addAutoReplyNote(tx: DbOrTx, msg: IncomingMessage, leadId: number, ctx: ImportContext) {
  if (await repo.timelineHasMessage(tx, msg.messageId)) return false;
  const entry = entryFor(msg, leadId, ctx);
  await addTimelineEntry(tx, {
    ...entry,
    title: 'Auto-reply',
    description: entry.description || entry.emailData.subject.slice(0, 500) || null,
    metadata: { ...entry.metadata, event: 'auto_reply' },
  });
  return true;
}

async function newLead(tx: DbOrTx, msg: IncomingMessage, ctx: ImportContext) {
  const sender = msg.from!;
  const named =
    sender.name && !sender.name.includes('@') ? splitName(sender.name) : splitName(sender.address.split('@')[0] ?? '');
  const link = findListingLink(msg.text);
  const car = link ? makeModelFromListingLink(link) : null;
  const carried = ctx.forceReference ?? findReference(`${msg.subject}\n${msg.text}`);
  const reference = carried && !(await repo.leadByReference(tx, carried)) ? carried : await nextLeadReference(tx);
  return insertLead(tx, {
    reference,
    firstName: named.firstName || sender.address,
    lastName: named.lastName,
    email: sender.address.slice(0, 255),
    phone: findPhone(msg.text)?.slice(0, 50) ?? null,
    vehicleMake: car?.make ?? NOT_SPECIFIED,
    vehicleModel: car?.model ?? NOT_SPECIFIED,
    vehicleLink: link,
    status: 'requested',
    emailSource: ctx.account,
    origin: 'email',
    manual: false,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    lastInteractionAt: msg.date,
  });
}

/** Handles one message inside `tx`; the caller announces new leads after commit. */
export async function importMessage(tx: DbOrTx, msg: IncomingMessage, ctx: ImportContext): Promise<ImportResult> {
  const ledger = {
    account: ctx.account,
    messageId: msg.messageId,
    providerKey: ctx.providerKey,
    threadKey: ctx.threadKey ?? msg.references.at(-1) ?? null,
    direction: 'in',
    outcome: 'processing',
    fromAddress: msg.from?.address.slice(0, 320) ?? null,
    subject: msg.subject.slice(0, 2000),
    receivedAt: msg.date,
    processedAt: ctx.now,
  };
  let ledgerId = await repo.claimMessage(tx, ledger);
  // Import by reference looks again at a message the sync set aside (ignored, or put on a lead's
  // timeline), never at one that already made a lead.
  if (ledgerId === null && ctx.forceReference) ledgerId = await repo.reclaimForImport(tx, ctx.account, msg.messageId);
  if (ledgerId === null) return { outcome: null, leadId: null };

  const done = async (
    outcome: ImportOutcome,
    leadId: number | null = null,
    reference?: string,
  ): Promise<ImportResult> => {
    await repo.setMessageOutcome(tx, ledgerId, { outcome, leadId });
    return { outcome, leadId, reference };
  };

  const robot = robotKind(msg, ctx.companyAddresses);
  if (robot === 'self') return done('ignored_self');
  if (robot === 'bounce') {
    // A bounce of a message we sent marks it bounced, with the reason; any other is only counted.
    const details = ctx.forceReference ? null : bounceDetails(msg);
    const bounce = details?.originalIds.length
      ? await markBounced(tx, { messageIds: details.originalIds, reason: details.reason, at: ctx.now })
      : null;
    if (!bounce) return done('ignored_bounce');
    return { ...(await done('bounce_matched', bounce.leadId)), bounce };
  }

  // 1. A reply in a known thread (In-Reply-To, then References newest first; Gmail's thread id).
  let leadId = await repo.leadOfMessageIds(tx, [...msg.inReplyTo, ...msg.references]);
  if (!leadId && ctx.threadKey) leadId = await repo.leadOfThread(tx, ctx.threadKey);
  if (leadId && robot === null && !ctx.forceReference) {
    return done((await addToTimeline(tx, msg, leadId, ctx)) ? 'timeline' : 'duplicate', leadId);
  }
  if (robot === 'auto') {
    // On a known conversation (thread, else the lead's own address) it is a quiet note; otherwise ignored.
    const lead =
      leadId ?? (msg.from && !ctx.forceReference ? await repo.leadByEmail(tx, msg.from.address) : null) ?? null;
    if (!lead || ctx.forceReference) return done('ignored_auto', leadId);
    return done((await addAutoReplyNote(tx, msg, lead, ctx)) ? 'auto_reply_noted' : 'duplicate', lead);
  }
  if (robot === 'bulk') return done('ignored_bulk', leadId);
  if (!msg.from) return done('ignored_unknown');

  // 2. The sender (From, then Reply-To) is a known lead.
  if (!ctx.forceReference) {
    for (const who of [msg.from, msg.replyTo]) {
      const known = who ? await repo.leadByEmail(tx, who.address) : null;
      if (known) return done((await addToTimeline(tx, msg, known, ctx)) ? 'timeline' : 'duplicate', known);
    }
  }

  // 3. A person writing: a new lead from this mailbox, with the message as its first entry.
  const lead = await newLead(tx, msg, ctx);
  await addToTimeline(tx, msg, lead.id, ctx, false);
  return done('lead_created', lead.id, lead.reference);
}
