import { memo, type Ref } from 'react';
import { Link } from 'react-router';
import { Star } from 'lucide-react';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { formatBudget } from '../format.ts';
import { AttentionIndicator, attentionLabel, type Attention } from './attention-indicator.tsx';
import { LeadStatusBadge, SourceBadge } from './lead-badges.tsx';
import { fullName, leadPath } from './lead-open.ts';
import { carName } from '#shared/leads/vehicle-text.ts';
import { NextStep } from './next-step.tsx';

interface LeadCardProps {
  lead: LeadListItem;
  attention: Attention;
  now: Date;
  itemRef?: Ref<HTMLLIElement>;
}

/** The phone layout of a row: the whole card is the link; every line is one line high (windowing). */
export const LeadCard = memo(function LeadCard({ lead, attention, now, itemRef }: LeadCardProps) {
  const budget = formatBudget(lead.budget);
  return (
    <li ref={itemRef} className="pb-3" data-lead-id={lead.id}>
      <Link
        to={leadPath(lead.id)}
        className="block rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="flex items-center gap-2">
          <AttentionIndicator attention={attention} keepSlot={false} />
          <span className={lead.seen ? 'min-w-0 truncate font-medium' : 'min-w-0 truncate font-semibold'}>
            {fullName(lead)}
          </span>
          {lead.starred && (
            <Star className="size-3.5 shrink-0 fill-amber-400 text-amber-400" aria-label="Starred" role="img" />
          )}
          <LeadStatusBadge status={lead.status} className="ml-auto" />
        </span>
        <span className="mt-1 block truncate text-sm text-muted-foreground">{lead.email ?? lead.phone ?? '—'}</span>
        <span className="mt-2 flex items-center gap-2 text-sm">
          <span className="font-mono text-xs text-muted-foreground">#{lead.reference}</span>
          <span className="min-w-0 truncate">{carName(lead)}</span>
          <span className="ml-auto shrink-0 font-medium tabular-nums">{budget ?? ''}</span>
        </span>
        <span className="mt-2 flex items-center gap-2 text-xs text-muted-foreground">
          <SourceBadge source={lead.emailSource} />
          {attention !== null && (
            // Touch has no hover for the indicator's tooltip: its meaning in words too.
            <span className="min-w-0 truncate" aria-hidden data-testid="attention-text">
              {attentionLabel(attention)}
            </span>
          )}
          <span className="ml-auto shrink-0 tabular-nums">{formatDateTime(lead.lastInteractionAt)}</span>
        </span>
        {/* Always one line, so every card keeps one height (windowing). */}
        {lead.nextTask ? (
          <NextStep task={lead.nextTask} now={now} className="mt-2 text-sm" />
        ) : (
          <span className="mt-2 block text-sm text-muted-foreground">No next step</span>
        )}
      </Link>
    </li>
  );
});
