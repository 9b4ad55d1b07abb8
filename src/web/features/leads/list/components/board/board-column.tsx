import { useEffect, useMemo, useRef } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Loader2 } from 'lucide-react';
import { LEAD_STATUS_LABELS, type LeadStatus } from '#shared/leads/status.ts';
import type { LeadBoardColumn } from '#shared/schemas/leads-board.ts';
import { cn } from '#web/lib/cn.ts';
import { useLeadsList } from '../../../api/use-leads-list.ts';
import type { LeadListFilters } from '../../filters.ts';
import { formatBudget } from '../../format.ts';
import { LeadStatusBadge } from '../lead-badges.tsx';
import { BoardCard } from './board-card.tsx';

/** A card's height plus the gap under it: every card has one height, so the window is exact. */
const ROW = 96;
const countFormat = new Intl.NumberFormat('en-US');

/**
 * One status: its count and € total, and its leads in list order, windowed (only the cards in
 * view are drawn) and paged from GET /api/leads as the column scrolls.
 */
export function BoardColumn({
  status,
  filters,
  figures,
  now,
}: {
  status: LeadStatus;
  filters: LeadListFilters;
  figures: LeadBoardColumn | undefined;
  now: Date;
}) {
  const columnFilters = useMemo(() => ({ ...filters, statuses: [status] }), [filters, status]);
  const query = useLeadsList(columnFilters);
  const leads = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (last >= leads.length - 10 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, leads.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const label = LEAD_STATUS_LABELS[status];
  return (
    <section
      ref={setNodeRef}
      aria-label={label}
      data-testid={`board-column-${status}`}
      className={cn(
        'flex h-[calc(100dvh-16rem)] min-h-96 w-[18rem] shrink-0 snap-start flex-col rounded-xl border bg-muted/40 transition-colors',
        isOver && 'border-primary bg-primary/5',
      )}
    >
      <header className="grid gap-1 border-b px-3 py-2">
        <span className="flex items-center gap-2">
          <LeadStatusBadge status={status} />
          <span className="ml-auto text-sm font-medium tabular-nums" data-testid="board-count">
            {figures ? countFormat.format(figures.count) : '…'}
          </span>
        </span>
        <span className="text-lg font-semibold tabular-nums" data-testid="board-total">
          {figures ? formatBudget(figures.total) : '…'}
        </span>
      </header>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="board-scroll">
        {query.isPending ? (
          <Loader2 className="mx-auto mt-6 size-5 animate-spin text-muted-foreground" aria-label="Loading" />
        ) : leads.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">No leads</p>
        ) : (
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }} aria-label={`${label} leads`}>
            {items.map((row) => {
              const lead = leads[row.index]!;
              return (
                <li
                  key={lead.id}
                  className="absolute inset-x-0 top-0"
                  style={{ transform: `translateY(${row.start}px)`, height: ROW - 8 }}
                >
                  <BoardCard lead={lead} now={now} />
                </li>
              );
            })}
          </ul>
        )}
        {isFetchingNextPage && (
          <Loader2 className="mx-auto my-2 size-4 animate-spin text-muted-foreground" aria-label="Loading more" />
        )}
      </div>
    </section>
  );
}
