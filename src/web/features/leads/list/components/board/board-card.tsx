import { memo } from 'react';
import { Link } from 'react-router';
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Star } from 'lucide-react';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { cn } from '#web/lib/cn.ts';
import { formatBudget } from '../../format.ts';
import { fullName, leadPath } from '../lead-open.ts';
import { NextStep } from '../next-step.tsx';

/** The card's € figure: the quoted amount, else the budget, labelled (ADR 066). */
export function cardAmount(lead: Pick<LeadListItem, 'quotedAmount' | 'budget'>) {
  if (lead.quotedAmount !== null) return { label: 'Quoted', value: formatBudget(lead.quotedAmount) };
  if (lead.budget !== null) return { label: 'Budget', value: formatBudget(lead.budget) };
  return null;
}

/** What a card shows; also drawn in the drag overlay. */
export function BoardCardBody({ lead, now, lifted }: { lead: LeadListItem; now: Date; lifted?: boolean }) {
  const amount = cardAmount(lead);
  return (
    <div
      className={cn(
        'grid h-[88px] content-start gap-1 rounded-lg border bg-card p-3 text-card-foreground shadow-xs',
        lifted && 'rotate-1 shadow-lg ring-2 ring-primary',
      )}
    >
      <span className="flex items-center gap-1.5">
        <span className={cn('min-w-0 truncate text-sm', lead.seen ? 'font-medium' : 'font-semibold')}>
          {fullName(lead)}
        </span>
        {lead.starred && <Star className="size-3 shrink-0 fill-amber-400 text-amber-400" aria-label="Starred" />}
        {amount && (
          <span className="ml-auto shrink-0 text-sm font-medium tabular-nums" title={amount.label}>
            <span className="sr-only">{amount.label} </span>
            {amount.value}
          </span>
        )}
      </span>
      <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
        <span className="font-mono">#{lead.reference}</span>
        <span className="min-w-0 truncate">
          {lead.vehicleMake} {lead.vehicleModel}
        </span>
        {amount && <span className="ml-auto shrink-0">{amount.label}</span>}
      </span>
      <NextStep task={lead.nextTask} now={now} className="text-xs" />
    </div>
  );
}

/**
 * A lead on the board: dragged with a mouse, a finger (hold) or the keyboard (Space, arrows,
 * Space; Escape cancels). A click opens the lead.
 */
export const BoardCard = memo(function BoardCard({ lead, now }: { lead: LeadListItem; now: Date }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
  });
  return (
    <Link
      ref={setNodeRef}
      to={leadPath(lead.id)}
      {...attributes}
      {...listeners}
      aria-roledescription="Draggable lead"
      aria-label={`${fullName(lead)}, #${lead.reference}`}
      data-testid="board-card"
      data-lead-id={lead.id}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        'block touch-manipulation rounded-lg focus-visible:outline-2 focus-visible:outline-ring',
        isDragging && 'opacity-40',
      )}
    >
      <BoardCardBody lead={lead} now={now} />
    </Link>
  );
});
