/**
 * What one incoming message becomes (docs/rulings.md ruling 8, ADR 025), in one short transaction:
 * claimed in the ledger first (unique per mailbox and Message-ID, so two instances never both
 * handle it), then a reply in a known thread or from a known sender goes on that lead's timeline, a
 * person writing becomes a new lead, and robots and our own mail are ignored and counted.
 */
import type { DbOrTx } from '#server/db/client.ts';
import { markBounced, type BouncedEmail } from '#server/modules/email/email.api.ts';
import { createLeadFromEmail } from '#server/modules/leads/leads.api.ts';
import { addTimelineEntry } from '#server/modules/timeline/timeline.api.ts';
import { LEAD_STATUS_LABELS, type LeadStatus } from '#shared/leads/status.ts';
import { findPhone, findReference } from '#shared/text/free-text-numbers.ts';
import type { MailAccount } from '#shared/schemas/mailboxes.ts';
import { leadFieldsFromMail } from './mail-lead-fields.ts';
import { bounceDetails, formatAddress, robotKind, type IncomingMessage } from './mail-message.ts';
import { attachmentsNotKept } from './attachments-not-kept.ts';
import { verdictForTimeline } from './auth-results.ts';
import { bounceTrusted, type MailProvider } from './bounce-trust.ts';
import * as leadsRepo from './mail-leads.repository.ts';
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
  /** A customer's e-mail on a known lead (staff are told after commit, docs/rulings.md ruling 21). */
  replied?: CustomerReply;
}

export interface CustomerReply {
  leadId: number;
  reference: string;
  name: string;
  subject: string;
  /** The lead's owner, told alone; null: all staff are told. */
  assignedTo: number | null;
  /** The status the reply moved the lead from (to Waiting for Us), or null when it stayed. */
  movedFrom: LeadStatus | null;
}

/**
 * Statuses a customer's e-mail moves to Waiting for Us (docs/rulings.md ruling 21); Requested,
 * Rejected and Converted stay.
 */
const REPLY_MOVES: readonly LeadStatus[] = ['quoted', 'clarifying', 'contacted'];

/**
 * A customer wrote on a known lead (docs/rulings.md ruling 21): Quoted, Waiting for Lead and
 * Contacted move to Waiting for Us with a note saying why, and the lead is unread for staff until one
 * opens it. The lateness clock is not moved: the customer's e-mail is not our interaction (ADR 058).
 */
async function customerReplied(
  tx: DbOrTx,
  msg: IncomingMessage,
  leadId: number,
  ctx: ImportContext,
): Promise<CustomerReply | undefined> {
  const lead = await leadsRepo.leadForReply(tx, leadId);
  if (!lead) return undefined;
  const from = lead.status as LeadStatus;
  const moves = REPLY_MOVES.includes(from);
  await leadsRepo.markCustomerReply(tx, leadId, moves ? 'waiting' : null, ctx.now, {
    at: msg.date,
    mailbox: ctx.account,
  });
  if (moves) {
    await addTimelineEntry(tx, {
      leadId,
      type: 'chat',
      title: `${LEAD_STATUS_LABELS[from]} → ${LEAD_STATUS_LABELS.waiting}`,
      description: `The customer replied by e-mail (“${(msg.subject || '(no subject)').slice(0, 200)}”): the lead now waits for us.`,
      metadata: { event: 'customer_replied' },
      createdBy: null,
      createdAt: ctx.now,
    });
  }
  return {
    leadId,
    reference: lead.reference,
    name: [lead.firstName, lead.lastName].filter(Boolean).join(' '),
    subject: msg.subject,
    assignedTo: lead.assignedTo,
    movedFrom: moves ? from : null,
  };
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
  /** The mailbox's provider: whose delivery reports are believed (ADR 064). */
  provider?: MailProvider;
  /** 'Import anyway as text' on a message the sync could not read (ADR 064). */
  asText?: boolean;
}

const BODY_MAX = 200_000;
const ATTACHMENT_MAX = 25 * 1024 * 1024;

/** The thread, the receiving server's verdict and the attachments not kept (ADR 064); null when none. */
function entryMetadata(msg: IncomingMessage, ctx: ImportContext): Record<string, unknown> | null {
  const mailAuth = verdictForTimeline(msg.headers);
  const notKept = attachmentsNotKept(msg, ATTACHMENT_MAX);
  const meta = {
    ...(ctx.threadKey ? { threadId: ctx.threadKey } : {}),
    ...(mailAuth ? { mailAuth } : {}),
    ...(notKept.length ? { attachmentsNotKept: notKept } : {}),
    ...(ctx.asText ? { importedAsText: true } : {}),
  };
  return Object.keys(meta).length ? meta : null;
}

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
    metadata: entryMetadata(msg, ctx),
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
  if (await leadsRepo.timelineHasMessage(tx, msg.messageId)) return false;
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
  if (touch) await leadsRepo.touchLead(tx, leadId, msg.date);
  return true;
}

/**
 * An auto-reply (out of office) on a known conversation: a short note on the lead's timeline so
 * staff know why nobody answers, without attachments, without moving lastInteractionAt (it is not
 * contact) and never a thread to reply under (ADR 040).
 */
async function addAutoReplyNote(tx: DbOrTx, msg: IncomingMessage, leadId: number, ctx: ImportContext) {
  if (await leadsRepo.timelineHasMessage(tx, msg.messageId)) return false;
  const entry = entryFor(msg, leadId, ctx);
  await addTimelineEntry(tx, {
    ...entry,
    title: 'Auto-reply',
    description: entry.description || entry.emailData.subject.slice(0, 500) || null,
    metadata: { ...entry.metadata, event: 'auto_reply' },
  });
  return true;
}

/** A person writing: the leads module makes the lead from what the e-mail carries. */
function newLead(tx: DbOrTx, msg: IncomingMessage, ctx: ImportContext) {
  return createLeadFromEmail(tx, {
    from: msg.from!,
    carriedReference: ctx.forceReference ?? findReference(`${msg.subject}\n${msg.text}`),
    phone: findPhone(msg.text) ?? null,
    // What the e-mail names, unknown fields empty (ADR 063).
    vehicle: leadFieldsFromMail(msg, ctx.now),
    mailbox: ctx.account,
    receivedAt: msg.date,
    now: ctx.now,
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
    // Only our provider's own report of a message this mailbox sent marks it bounced (ADR 064).
    const details = ctx.forceReference ? null : bounceDetails(msg);
    const trusted = bounceTrusted(msg, ctx.provider);
    const bounce =
      trusted && details?.originalIds.length
        ? await markBounced(tx, {
            account: ctx.account,
            messageIds: details.originalIds,
            reason: details.reason,
            at: ctx.now,
          })
        : null;
    if (bounce) return { ...(await done('bounce_matched', bounce.leadId)), bounce };
    // Anything else is ordinary mail: on the timeline of the conversation it names, else counted.
    const named = !trusted && details ? await leadsRepo.leadOfMessageIds(tx, details.originalIds) : null;
    if (!named) return done('ignored_bounce');
    return done((await addToTimeline(tx, msg, named, ctx, false)) ? 'timeline' : 'duplicate', named);
  }

  // 1. A reply in a known thread (In-Reply-To, then References newest first; Gmail's thread id).
  let leadId = await leadsRepo.leadOfMessageIds(tx, [...msg.inReplyTo, ...msg.references]);
  if (!leadId && ctx.threadKey) leadId = await leadsRepo.leadOfThread(tx, ctx.threadKey);
  if (leadId && robot === null && !ctx.forceReference) {
    if (!(await addToTimeline(tx, msg, leadId, ctx, false))) return done('duplicate', leadId);
    return { ...(await done('timeline', leadId)), replied: await customerReplied(tx, msg, leadId, ctx) };
  }
  if (robot === 'auto') {
    // On a known conversation (thread, else the lead's own address) it is a quiet note; otherwise ignored.
    const lead =
      leadId ?? (msg.from && !ctx.forceReference ? await leadsRepo.leadByEmail(tx, msg.from.address) : null) ?? null;
    if (!lead || ctx.forceReference) return done('ignored_auto', leadId);
    return done((await addAutoReplyNote(tx, msg, lead, ctx)) ? 'auto_reply_noted' : 'duplicate', lead);
  }
  if (robot === 'bulk') return done('ignored_bulk', leadId);
  if (!msg.from) return done('ignored_unknown');

  // 2. The sender (From, then Reply-To) is a known lead.
  if (!ctx.forceReference) {
    for (const who of [msg.from, msg.replyTo]) {
      const known = who ? await leadsRepo.leadByEmail(tx, who.address) : null;
      if (!known) continue;
      if (!(await addToTimeline(tx, msg, known, ctx, false))) return done('duplicate', known);
      return { ...(await done('timeline', known)), replied: await customerReplied(tx, msg, known, ctx) };
    }
  }

  // 3. A person writing: a new lead from this mailbox, with the message as its first entry.
  const lead = await newLead(tx, msg, ctx);
  await addToTimeline(tx, msg, lead.id, ctx, false);
  return done('lead_created', lead.id, lead.reference);
}
