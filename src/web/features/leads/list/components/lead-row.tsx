import { memo, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { Star } from 'lucide-react';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { TableCell, TableRow } from '#web/components/ui/table.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { formatBudget } from '../format.ts';
import { AttentionIndicator, type Attention } from './attention-indicator.tsx';
import { LeadStatusBadge, SourceBadge } from './lead-badges.tsx';
import { fullName, openLeadOnClick, openLeadOnEnter } from './lead-open.ts';
import { carTextOrNotSpecified } from '#shared/leads/vehicle-text.ts';
import { NextStep } from './next-step.tsx';

interface LeadRowProps {
  lead: LeadListItem;
  attention: Attention;
  now: Date;
  /** 1-based position in the whole list, for assistive technology while rows are windowed. */
  rowIndex: number;
  rowRef?: Ref<HTMLTableRowElement>;
}

const Empty = () => <span className="text-muted-foreground">—</span>;

/** One table row; every cell stays on one line so all rows share a height (windowing). */
export const LeadRow = memo(function LeadRow({ lead, attention, now, rowIndex, rowRef }: LeadRowProps) {
  const navigate = useNavigate();
  const name = fullName(lead);
  const budget = formatBudget(lead.budget);
  return (
    <TableRow
      ref={rowRef}
      tabIndex={0}
      aria-rowindex={rowIndex}
      data-lead-id={lead.id}
      className="h-14 cursor-pointer focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      onClick={(e) => openLeadOnClick(e, lead.id, navigate)}
      onKeyDown={(e) => openLeadOnEnter(e, lead.id, navigate)}
    >
      <TableCell className="pl-4">
        <span className="flex items-center gap-2">
          <AttentionIndicator attention={attention} />
          <span className="font-mono text-xs text-muted-foreground">#{lead.reference}</span>
        </span>
      </TableCell>
      <TableCell className="max-w-64">
        <span className="flex items-center gap-1.5">
          <span className={lead.seen ? 'truncate font-medium' : 'truncate font-semibold'}>{name}</span>
          {lead.starred && (
            <Star className="size-3.5 shrink-0 fill-amber-400 text-amber-400" aria-label="Starred" role="img" />
          )}
        </span>
        <span className="block truncate text-xs text-muted-foreground">{lead.email ?? lead.phone ?? '—'}</span>
      </TableCell>
      <TableCell className="max-w-40 truncate">{carTextOrNotSpecified(lead.vehicleMake)}</TableCell>
      <TableCell className="max-w-48 truncate">{carTextOrNotSpecified(lead.vehicleModel)}</TableCell>
      <TableCell className="text-right tabular-nums">{budget ?? <Empty />}</TableCell>
      <TableCell>
        <LeadStatusBadge status={lead.status} />
      </TableCell>
      <TableCell>
        <SourceBadge source={lead.emailSource} />
      </TableCell>
      <TableCell className="max-w-56">
        <NextStep task={lead.nextTask} now={now} />
      </TableCell>
      <TableCell className="pr-4 text-muted-foreground tabular-nums">
        {formatDateTime(lead.lastInteractionAt)}
      </TableCell>
    </TableRow>
  );
});
