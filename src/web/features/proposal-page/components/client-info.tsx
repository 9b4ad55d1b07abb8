import type { PublicProposalLead } from '#shared/schemas/public-proposal.ts';
import type { ProposalTexts } from '../lib/i18n.ts';

/** Shown only when the proposal came with its lead. */
export function ClientInfo({ lead, t }: { lead: PublicProposalLead; t: ProposalTexts }) {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  return (
    <section aria-label={t.client} className="rounded-2xl border bg-card p-5 shadow-sm" data-slot="client-info">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t.clientName}</dt>
          <dd className="font-medium">{name}</dd>
        </div>
        {lead.email ? (
          <div>
            <dt className="text-muted-foreground">{t.clientEmail}</dt>
            <dd className="font-medium break-all">{lead.email}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted-foreground">{t.reference}</dt>
          <dd className="font-mono font-medium">#{lead.reference}</dd>
        </div>
      </dl>
    </section>
  );
}
