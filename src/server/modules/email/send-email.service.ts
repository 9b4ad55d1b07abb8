import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { bodyToHtml, bodyToText } from '#shared/email/body.ts';
import type { MailboxAccount, SendContext, SendEmailResult, sendEmailInputSchema } from '#shared/schemas/email.ts';
import { hasProposalLink } from '#shared/timeline/classify.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { MailSender } from '#server/integrations/mail-send/mail-sender.ts';
import { findLeadById } from '#server/modules/leads/leads.api.ts';
import { findProposalById } from '#server/modules/proposals/proposals.api.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import { latestInboundMessageId } from '#server/modules/timeline/timeline.api.ts';
import type { OutboxService } from './outbox.service.ts';
import { signatureAsText, signatureForEmail } from './signature-sanitise.ts';
import type { SignaturesService } from './signatures.service.ts';

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
  sender: MailSender;
  outbox: OutboxService;
  signatures: SignaturesService;
  settings: Pick<SettingsService, 'mailboxAddresses'>;
  publicOrigin: string;
}) {
  const { db, sender, outbox, signatures } = deps;

  async function loadLead(id: number): Promise<LeadForEmail> {
    const lead = await findLeadById(db, id);
    if (!lead) throw notFound(LEAD_NOT_FOUND);
    return lead;
  }

  /** The lead's own mailbox when it is connected, else geral. */
  async function mailboxFor(lead: LeadForEmail): Promise<{ account: MailboxAccount; from: string | null }> {
    const own = lead.emailSource === 'comercial' ? 'comercial' : 'geral';
    const ownFrom = await sender.fromAddress(own);
    if (ownFrom || own === 'geral') return { account: own, from: ownFrom };
    return { account: 'geral', from: await sender.fromAddress('geral') };
  }

  /** Text and HTML parts of a body, with the mailbox's signature when asked. */
  async function compose(account: MailboxAccount, body: string, includeSignature: boolean) {
    const signature = includeSignature ? (await signatures.get(account)).signature : '';
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
      const lead = await loadLead(leadId);
      const { account, from } = await mailboxFor(lead);
      return { account, from, connected: from !== null, signature: (await signatures.get(account)).signature };
    },

    async send(leadId: number, input: SendInput, user: { id: number }): Promise<SendEmailResult> {
      const lead = await loadLead(leadId);
      if (!lead.email) throw new AppError('VALIDATION', NO_EMAIL);
      if (input.proposalId) {
        const proposal = await findProposalById(db, input.proposalId);
        if (!proposal || proposal.leadId !== lead.id) throw notFound(PROPOSAL_NOT_FOUND);
      }
      const { account, from } = await mailboxFor(lead);
      const fallbackFrom = (await deps.settings.mailboxAddresses())[account === 'geral' ? 0 : 1] ?? account;
      const { text, html } = await compose(account, input.body, input.includeSignature);
      const inReplyTo = await latestInboundMessageId(db, lead.id);
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
        inReplyTo,
        references: inReplyTo,
        createdBy: user.id,
        from,
        timeline: { from: from ?? fallbackFrom, body: html },
      });
    },

    /**
     * The customer's acknowledgement after a quote request (DECISIONS 7): only when geral is
     * connected, once per request (the lead the request created is its key).
     */
    async acknowledgeQuoteRequest(lead: LeadForEmail): Promise<SendEmailResult | null> {
      if (!lead.email) return null;
      const from = await sender.fromAddress('geral');
      if (!from) return null;
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
      const { text, html } = await compose('geral', body, true);
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
