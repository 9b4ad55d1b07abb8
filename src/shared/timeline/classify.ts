/**
 * How a timeline entry is shown: pure, so the server's answer and the web UI agree. The company's
 * own addresses come from settings ('mailbox.geral.address', 'mailbox.comercial.address').
 */
import {
  TIMELINE_KIND_LABELS,
  type EmailData,
  type TimelineKind,
  type TimelineType,
} from '#shared/schemas/timeline.ts';

export interface ClassifiableEntry {
  type: TimelineType;
  metadata?: { event?: string } | null;
  description?: string | null;
  emailData?: EmailData | null;
}

/** The bare, lower-cased addresses in a header value: 'Ana <Ana@X.pt>, b@y.pt' -> ['ana@x.pt', 'b@y.pt']. */
export function addressesIn(header: string | null | undefined): string[] {
  if (!header) return [];
  // Split on the separators, then keep the words with an '@' inside: linear on a header of any
  // length (a pattern scanning for the '@' would go quadratic on a long run without one, ADR 064).
  return header
    .split(/[\s<>,;:"'()]+/)
    .filter((word) => {
      const at = word.indexOf('@', 1);
      return at !== -1 && at < word.length - 1;
    })
    .map((a) => a.toLowerCase());
}

/** A link to a customer proposal page (/proposta/{id} in Portuguese, /proposals/{id} in English). */
const PROPOSAL_LINK = /https?:\/\/[^\s"'<>]+\/(?:proposta|proposals)\/[\w-]+/i;

export const hasProposalLink = (text: string | null | undefined) => !!text && PROPOSAL_LINK.test(text);

/**
 * Outgoing when flagged so, or when sent from a company mailbox to at least one address that is
 * not the company's own (mail between the two mailboxes stays incoming).
 */
export function isOutgoingEmail(emailData: EmailData | null | undefined, companyAddresses: readonly string[]): boolean {
  if (!emailData) return false;
  if (emailData.isOutgoing) return true;
  const company = new Set(companyAddresses.map((a) => a.trim().toLowerCase()).filter(Boolean));
  const [from] = addressesIn(emailData.from);
  if (!from || !company.has(from)) return false;
  return addressesIn(emailData.to).some((to) => !company.has(to));
}

export function classifyTimelineEntry(entry: ClassifiableEntry, companyAddresses: readonly string[]): TimelineKind {
  const event = entry.metadata?.event;
  if (event === 'proposal_viewed') return 'proposal_viewed';
  if (event === 'quote_request') return 'quote_request';
  if (event === 'listing_changed') return 'listing_watch';
  if (event === 'quoted_by_proposal' || event === 'converted_to_import' || event === 'lead_lost')
    return 'status_change';
  if (entry.type === 'call') return 'call';
  if (entry.type === 'chat') return 'chat';
  if (!isOutgoingEmail(entry.emailData, companyAddresses)) return 'email_received';
  const data = entry.emailData;
  return hasProposalLink(data?.body) || hasProposalLink(data?.subject) || hasProposalLink(entry.description)
    ? 'proposal'
    : 'email_sent';
}

export function timelineLabel(kind: TimelineKind): string {
  return TIMELINE_KIND_LABELS[kind];
}

export const EMAIL_SUMMARY_MAX = 100;
export const CONTACT_SUMMARY_MAX = 80;

/**
 * The collapsed summary of an entry: an e-mail's description cut at 100 characters (an ellipsis
 * marks the cut); a call or chat's first line, at most 80 characters (77 plus '...'). An e-mail
 * without a description falls back to its subject.
 */
export function timelineSummary(entry: ClassifiableEntry): string {
  if (entry.type === 'email') {
    const text = (entry.description ?? entry.emailData?.subject ?? '').trim();
    return text.length > EMAIL_SUMMARY_MAX ? `${text.slice(0, EMAIL_SUMMARY_MAX)}...` : text;
  }
  const firstLine = (entry.description ?? '').trim().split(/\r?\n/)[0] ?? '';
  return firstLine.length > CONTACT_SUMMARY_MAX ? `${firstLine.slice(0, CONTACT_SUMMARY_MAX - 3)}...` : firstLine;
}
