import { LEAD_STATUS_LABELS, NOT_YET_QUOTED_STATUSES, type LeadStatus } from '#shared/leads/status.ts';
import { aCar } from '#shared/text/english.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { addTimelineEntry, recomputeLastInteraction } from '#server/modules/timeline/timeline.api.ts';
import { lockLeadQuote, setLeadQuote } from './lead.repository.ts';

/** Euros as the back office writes them in text: '€32 500' or '€32 500,49' (no-break space between thousands). */
export function euros(decimal: string): string {
  const [whole = '0', cents = '00'] = decimal.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${decimal.startsWith('-') ? '-' : ''}€${grouped}${/^0*$/.test(cents) ? '' : `,${cents.padEnd(2, '0')}`}`;
}

export function isNotYetQuoted(lead: { status: string; quotedAmount: string | null }): boolean {
  return lead.quotedAmount === null && (NOT_YET_QUOTED_STATUSES as readonly string[]).includes(lead.status);
}

/** How a proposal reached the customer (docs/rulings.md ruling 22). */
export type ProposalDelivery = 'email' | 'link' | 'whatsapp';

const DELIVERED: Record<ProposalDelivery, string> = {
  email: 'sent to the customer by e-mail',
  link: 'link copied for the customer',
  whatsapp: 'shared with the customer on WhatsApp',
};

/**
 * A proposal that reaches the customer (its e-mail sent, its link copied or shared:
 * docs/rulings.md ruling 22, ADR 053) on a lead not yet quoted (no quoted amount; requested,
 * clarifying, waiting or contacted) makes it Quoted with the proposal's total as the quoted amount,
 * and says so on the timeline (a Status Change entry by the staff member); staff can change both
 * back on the lead. Creating or editing a proposal does not call this. Runs inside the caller's
 * transaction; a proposal without a total changes nothing; a second delivery changes nothing
 * (idempotent). Answers whether the lead changed (the caller publishes lead_updated either way).
 */
export async function quoteLeadFromProposal(
  tx: DbOrTx,
  input: {
    leadId: number;
    total: string | null;
    brand: string | null;
    model: string | null;
    byUserId: number;
    at: Date;
    via: ProposalDelivery;
  },
): Promise<boolean> {
  if (input.total === null) return false;
  const lead = await lockLeadQuote(tx, input.leadId);
  if (!lead || !isNotYetQuoted(lead)) return false;
  await setLeadQuote(tx, input.leadId, input.total, input.at);
  const was = LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status;
  await addTimelineEntry(tx, {
    leadId: input.leadId,
    type: 'chat',
    title: `${was} → Quoted`,
    description:
      `Proposal for ${aCar(input.brand, input.model)} ${DELIVERED[input.via]}: quoted amount set to its total, ${euros(input.total)}.\n` +
      'The status and the quoted amount can be changed on the lead.',
    metadata: { event: 'quoted_by_proposal' },
    createdBy: input.byUserId,
    createdAt: input.at,
  });
  await recomputeLastInteraction(tx, input.leadId);
  return true;
}
