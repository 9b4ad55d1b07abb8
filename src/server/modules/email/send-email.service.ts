import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { bodyToHtml, bodyToText } from '#shared/email/body.ts';
import type { MailboxAccount, SendContext, SendEmailResult, sendEmailInputSchema } from '#shared/schemas/email.ts';
import { hasProposalLink } from '#shared/timeline/classify.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import type { OutboxService } from './outbox.service.ts';
import { readSendContext, type SendContextRow } from './send-email.repository.ts';
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

/**
 * Writing to a lead's customer: which mailbox it leaves from (the one the lead wrote to, geral when
 * that one is not connected; DECISIONS 8), the text and HTML parts with the signature, threading
 * under the customer's latest message, and the outbox that sends it.
 */
export function createSendEmailService(deps: {
  db: Db;
  outbox: OutboxService;
  settings: Pick<SettingsService, 'mailboxAddresses'>;
  publicOrigin: string;
}) {
  const { db, outbox } = deps;

  /** The lead with both mailboxes' state and signatures, and the threading lookup: one read. */
  async function load(leadId: number, proposalId?: number | null): Promise<SendContextRow> {
    const row = await readSendContext(db, leadId, proposalId);
    if (!row) throw notFound(LEAD_NOT_FOUND);
    return row;
  }

  /** The lead's own mailbox when it can send, else geral (DECISIONS 8). */
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
      return outbox.enqueue({
        idempotencyKey: `send:${user.id}:${input.idempotencyKey ?? randomUUID()}`,
        account,
        purpose: isProposal ? 'proposal' : 'reply',
        leadId: lead.id,
        to: lead.email,
        subject,
        text,
        html,
        inReplyTo: lead.inReplyTo,
        references: lead.inReplyTo,
        createdBy: user.id,
        from,
        timeline: { from: fallbackFrom, body: html },
      });
    },

    /**
     * The customer's acknowledgement after a quote request (DECISIONS 7): only when geral is
     * connected, once per request (the lead the request created is its key).
     */
    async acknowledgeQuoteRequest(lead: LeadForEmail): Promise<SendEmailResult | null> {
      if (!lead.email) return null;
      const state = await readSendContext(db, lead.id);
      const from = state?.from.geral;
      if (!from) return null;
      const signature = state.signature.geral;
      const body = [
        `Olá ${lead.firstName},`,
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
