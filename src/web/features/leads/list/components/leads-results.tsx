import { useCallback } from 'react';
import { Loader2, SearchX } from 'lucide-react';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useIsMobile } from '#web/hooks/use-mobile.ts';
import type { useLeadsList } from '../../api/use-leads-list.ts';
import { useLoadMore } from '#web/hooks/use-load-more.ts';
import { useNow } from '../use-now.ts';
import { LeadsCards } from './leads-cards.tsx';
import { LeadsSkeleton } from './leads-skeleton.tsx';
import { LeadsTable } from './leads-table.tsx';

interface LeadsResultsProps {
  query: ReturnType<typeof useLeadsList>;
  leads: LeadListItem[];
  total: number;
  /** True when search or filters narrow the list (changes the empty text). */
  narrowed: boolean;
}

/** The rows (table or cards), with loading, error and empty states, and paging as the user scrolls. */
export function LeadsResults({ query, leads, total, narrowed }: LeadsResultsProps) {
  const isMobile = useIsMobile();
  const now = useNow();
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const sentinelRef = useLoadMore({
    canLoad: hasNextPage && !isFetchNextPageError && !query.isPlaceholderData,
    loading: isFetchingNextPage,
    loadMore,
    pages: query.data?.pages.length ?? 0,
  });

  // Cards only on phones and only for rows: the loading, error and empty views sit in the bordered box.
  const asCards = isMobile && !query.isPending && leads.length > 0;
  const body = (
    <QueryStates
      query={query}
      pending={<LeadsSkeleton />}
      errorTitle="Failed to load leads"
      errorClassName="m-4 w-auto"
      keepDataOnError
      isEmpty={() => leads.length === 0}
      empty={
        <div className="flex flex-col items-center gap-2 px-4 py-16 text-center text-muted-foreground">
          <SearchX className="size-8" aria-hidden />
          <p className="font-medium text-foreground">No leads found</p>
          <p className="text-sm">
            {narrowed ? 'No leads match your search and filters.' : 'New leads appear here as they arrive.'}
          </p>
        </div>
      }
    >
      {() => (asCards ? <LeadsCards leads={leads} now={now} /> : <LeadsTable leads={leads} total={total} now={now} />)}
    </QueryStates>
  );

  return (
    <div aria-busy={query.isFetching}>
      <div className={asCards ? undefined : 'overflow-hidden rounded-xl border bg-card'}>{body}</div>
      <div ref={sentinelRef} aria-hidden className="h-px" />
      {isFetchingNextPage && (
        <p className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading more leads...
        </p>
      )}
      {isFetchNextPageError && (
        <p className="flex items-center justify-center gap-2 py-4 text-sm text-destructive">
          Failed to load more leads.
          <Button variant="outline" size="sm" onClick={loadMore}>
            Try again
          </Button>
        </p>
      )}
    </div>
  );
}
