import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { bodyToHtml, bodyToText } from '#shared/email/body.ts';
import { inertVisitorText } from '#shared/email/inert-text.ts';
import type { MailboxAccount, SendContext, SendEmailResult, sendEmailInputSchema } from '#shared/schemas/email.ts';
import { hasProposalLink } from '#shared/timeline/classify.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import type { OutboxService } from './outbox.service.ts';
import { readMailboxState, readSendContext, type SendContextRow } from './send-email.repository.ts';
import { STAGES_WITHOUT_EMAIL, stageEmail } from '#shared/imports/stage-email.ts';
import type { ImportStatus } from '#shared/imports/status.ts';
import { customerTrackingUrl } from '#shared/schemas/public-links.ts';
import { signatureAsText, signatureForEmail } from './signature-sanitise.ts';

type SendInput = z.output<typeof sendEmailInputSchema>;

export const LEAD_NOT_FOUND = 'Lead not found';
export const NO_EMAIL = 'No email address set';
export const PROPOSAL_NOT_FOUND = 'Proposal not found';

/** Lead fields the e-mail needs. */
interface LeadForEmail {
  id: number;
  reference: string;
  firstName: string;
  email: string | null;
  emailSource: string;
}

/** What the stage e-mail needs of an import. */
export interface StageUpdateImport {
  id: number;
  publicId: string;
  leadId: number | null;
  clientName: string;
  clientEmail: string | null;
  vehicleMake: string;
  vehicleModel: string;
  status: ImportStatus;
  statusChangedAt: string;
  expectedDeliveryDate: string | null;
}

/**
 * Writing to a lead's customer: which mailbox it leaves from (the one the lead wrote to, geral when
 * that one is not connected; docs/rulings.md ruling 8), the text and HTML parts with the signature,
 * threading under the customer's latest message, and the outbox that sends it.
 */
export function createSendEmailService(deps: {
  db: Db;
  outbox: OutboxService;
  settings: Pick<SettingsService, 'mailboxAddresses'>;
  publicOrigin: string;
  /** The proposal e-mail was accepted for sending: the proposal reached the customer (ADR 053). */
  proposalSent?: (proposalId: number, user: { id: number }) => Promise<unknown>;
}) {
  const { db, outbox } = deps;

  /** The lead with both mailboxes' state and signatures, and the threading lookup: one read. */
  async function load(leadId: number, proposalId?: number | null): Promise<SendContextRow> {
    const row = await readSendContext(db, leadId, proposalId);
    if (!row) throw notFound(LEAD_NOT_FOUND);
    return row;
  }

  /** The lead's own mailbox when it can send, else geral (docs/rulings.md ruling 8). */
  function mailboxFor(row: SendContextRow): { account: MailboxAccount; from: string | null } {
    const own = row.emailSource === 'comercial' ? 'comercial' : 'geral';
    if (row.from[own] || own === 'geral') return { account: own, from: row.from[own] };
    return { account: 'geral', from: row.from.geral };
  }

  /** Text and HTML parts of a body, with the mailbox's signature when given. */
  function compose(body: string, signature: string) {
    const sigText = signature ? signatureAsText(signature) : '';
    const text = bodyToText(body) + (sigText ? `\n\n-- \n${sigText}` : '');
    const html =
      `<!doctype html><html><body><div style="font-family:Arial,Helvetica,sans-serif;font-size:14px">` +
      `<div>${bodyToHtml(body)}</div>` +
      (signature
        ? `<div class="signature" style="margin-top:16px;color:#555">${signatureForEmail(signature, deps.publicOrigin)}</div>`
        : '') +
      `</div></body></html>`;
    return { text, html };
  }

  return {
    /**
     * The customer's short e-mail after a stage change (ADR 068), through the outbox, from the lead's
     * mailbox (geral without a lead). Only when that mailbox can send, once per stage change.
     */
    async importStageUpdate(imp: StageUpdateImport): Promise<SendEmailResult | null> {
      const to = imp.clientEmail?.trim();
      if (!to || STAGES_WITHOUT_EMAIL.includes(imp.status)) return null;
      const lead = imp.leadId === null ? null : ((await readSendContext(db, imp.leadId)) ?? null);
      const state = lead ?? (await readMailboxState(db));
      const { account, from } = lead ? mailboxFor(lead) : { account: 'geral' as const, from: state.from.geral };
      if (!from) return null;
      const { subject, body } = stageEmail({
        clientName: imp.clientName,
        vehicle: `${imp.vehicleMake} ${imp.vehicleModel}`,
        status: imp.status,
        expectedDeliveryDate: imp.expectedDeliveryDate,
        trackingUrl: customerTrackingUrl(deps.publicOrigin, imp.publicId),
      });
      const { text, html } = compose(body, state.signature[account]);
      return outbox.enqueue({
        idempotencyKey: `stage:${imp.id}:${imp.status}:${new Date(imp.statusChangedAt).getTime()}`,
        account,
        purpose: 'stage_update',
        leadId: lead?.id ?? null,
        to,
        subject,
        text,
        html,
        inReplyTo: null,
        references: null,
        createdBy: null,
        from,
        timeline: lead ? { from, body: html } : null,
      });
    },

    async context(leadId: number): Promise<SendContext> {
      const row = await load(leadId);
      const { account, from } = mailboxFor(row);
      return { account, from, connected: from !== null, signature: row.signature[account] };
    },

    /**
     * Accepts a message for the outbox: one read (lead, mailboxes, signatures, threading) and one
     * write (message, timeline entry, lead); the network is the sender job's business (ADR 027).
     */
    async send(leadId: number, input: SendInput, user: { id: number }): Promise<SendEmailResult> {
      const lead = await load(leadId, input.proposalId);
      if (!lead.email) throw new AppError('VALIDATION', NO_EMAIL);
      if (input.proposalId && lead.proposalLeadId !== lead.id) throw notFound(PROPOSAL_NOT_FOUND);
      const { account, from } = mailboxFor(lead);
      const fallbackFrom = from ?? (await deps.settings.mailboxAddresses())[account === 'geral' ? 0 : 1] ?? account;
      const { text, html } = compose(input.body, input.includeSignature ? lead.signature[account] : '');
      const subject = input.subject.trim() || `Pedido ${lead.reference}`;
      const isProposal = !!input.proposalId || hasProposalLink(input.body);
      const sent = await outbox.enqueue({
        idempotencyKey: `send:${user.id}:${input.idempotencyKey ?? randomUUID()}`,
        account,
        purpose: isProposal ? 'proposal' : 'reply',
        leadId: lead.id,
        to: lead.email,
        subject,
        text,
        html,
        inReplyTo: lead.inReplyTo,
        references: lead.references,
        createdBy: user.id,
        from,
        timeline: { from: fallbackFrom, body: html },
      });
      // Accepted for sending (the outbox retries until it leaves): the lead is Quoted now (docs/rulings.md ruling 22).
      if (input.proposalId && sent.status !== 'failed') await deps.proposalSent?.(input.proposalId, user);
      return sent;
    },

    /**
     * The customer's acknowledgement after a quote request (docs/rulings.md ruling 7): only when
     * geral is connected, once per request (the lead the request created is its key).
     */
    async acknowledgeQuoteRequest(lead: LeadForEmail): Promise<SendEmailResult | null> {
      if (!lead.email) return null;
      const state = await readSendContext(db, lead.id);
      const from = state?.from.geral;
      if (!from) return null;
      const signature = state.signature.geral;
      // The name is the visitor's text: quoted inert, or not at all (ADR 060).
      const name = inertVisitorText(lead.firstName);
      const body = [
        name ? `Olá ${name},` : 'Olá,',
        '',
        `Recebemos o seu pedido de orçamento. A referência do seu pedido é ${lead.reference}.`,
        'Vamos analisá-lo e entraremos em contacto consigo brevemente.',
        '',
        'Se quiser acrescentar alguma informação, basta responder a este e-mail.',
        '',
        'Obrigado pela sua confiança.',
      ].join('\n');
      const { text, html } = compose(body, signature);
      return outbox.enqueue({
        idempotencyKey: `ack:lead:${lead.id}`,
        account: 'geral',
        purpose: 'acknowledgement',
        leadId: lead.id,
        to: lead.email,
        subject: `Recebemos o seu pedido (${lead.reference})`,
        text,
        html,
        inReplyTo: null,
        references: null,
        createdBy: null,
        from,
        timeline: { from, body: html },
      });
    },
  };
}

export type SendEmailService = ReturnType<typeof createSendEmailService>;
