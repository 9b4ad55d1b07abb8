import type { leadTimeline } from '../schema/index.ts';
import {
  callNote,
  customerAnswer,
  customerChat,
  customerDecline,
  customerRequest,
  documentsMail,
  formAcknowledgement,
  proposalMail,
  quoteEstimate,
  staffChat,
  staffQuestion,
  type CallPurpose,
  type ConversationContext,
  type MailText,
  type ProposalFigures,
} from './demo-messages.ts';
import type { Rng } from './prng.ts';

export type TimelineValues = Omit<typeof leadTimeline.$inferInsert, 'id' | 'leadId'>;

/** One event of a lead's story, in the order it happened. */
export type Step =
  | 'ack'
  | 'request'
  | 'introCall'
  | 'question'
  | 'answer'
  | 'customerChat'
  | 'staffChat'
  | 'noAnswerCall'
  | 'quote'
  | 'proposal'
  | 'followUpCall'
  | 'decline'
  | 'declineCall'
  | 'acceptCall'
  | 'documents';

export interface TimelineContext {
  conversation: ConversationContext;
  customerEmail: string;
  /** The company mailbox the lead wrote to; replies leave from it. */
  mailbox: string;
  staffId: number | null;
  quoteAmountEur: number;
  proposal: ProposalFigures | null;
  /** Next Message-ID; shared across leads so every id is unique. */
  nextMessageId: () => string;
}

const CALL_OF: Partial<Record<Step, CallPurpose>> = {
  introCall: 'intro',
  noAnswerCall: 'noAnswer',
  followUpCall: 'followUp',
  acceptCall: 'accepted',
  declineCall: 'declined',
};

export function buildEntry(rng: Rng, step: Step, at: Date, ctx: TimelineContext): TimelineValues {
  const c = ctx.conversation;
  const email = (text: MailText, outgoing: boolean, automatic = false): TimelineValues => ({
    type: 'email',
    title: text.subject,
    description: text.body,
    emailData: {
      from: outgoing ? ctx.mailbox : ctx.customerEmail,
      to: outgoing ? ctx.customerEmail : ctx.mailbox,
      subject: text.subject,
      body: text.body,
      isOutgoing: outgoing,
    },
    metadata: { threadId: `demo-thread-${c.reference}` },
    messageId: ctx.nextMessageId(),
    createdAt: at,
    createdBy: outgoing && !automatic ? ctx.staffId : null,
  });
  const chat = (text: string, fromCustomer: boolean): TimelineValues => ({
    type: 'chat',
    title: fromCustomer ? 'WhatsApp do cliente' : 'WhatsApp enviado',
    description: text,
    emailData: null,
    metadata: null,
    messageId: null,
    createdAt: at,
    createdBy: ctx.staffId,
  });

  const purpose = CALL_OF[step];
  if (purpose) {
    const note = callNote(rng, purpose, c);
    return {
      type: 'call',
      title: 'Chamada telefónica',
      description: note.description,
      emailData: null,
      metadata: { duration: note.duration, outcome: note.outcome, followUp: note.followUp },
      messageId: null,
      createdAt: at,
      createdBy: ctx.staffId,
    };
  }
  switch (step) {
    case 'ack':
      return email(formAcknowledgement(c), true, true);
    case 'request':
      return email(customerRequest(rng, c), false);
    case 'question':
      return email(staffQuestion(rng, c), true);
    case 'answer':
      return email(customerAnswer(rng, c), false);
    case 'customerChat':
      return chat(customerChat(rng, c), true);
    case 'staffChat':
      return chat(staffChat(rng, c), false);
    case 'quote':
      return email(quoteEstimate(c, ctx.quoteAmountEur), true);
    case 'proposal':
      if (!ctx.proposal) throw new Error('a proposal step needs a proposal');
      return email(proposalMail(c, ctx.proposal), true);
    case 'decline':
      return email(customerDecline(rng, c), false);
    case 'documents':
      return email(documentsMail(c), true);
    default:
      throw new Error(`no entry for step ${step}`);
  }
}
