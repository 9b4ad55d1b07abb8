import { useCallback, useMemo } from 'react';
import { Loader2, SearchX } from 'lucide-react';
import type { ImportListItem } from '#shared/schemas/imports-list.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { useLoadMore } from '#web/hooks/use-load-more.ts';
import { useIsMobile } from '#web/hooks/use-mobile.ts';
import { useImportsList, type ImportListParams } from '../api/use-imports-list.ts';
import { ImportsCards } from './imports-cards.tsx';
import { ImportsTable } from './imports-table.tsx';
import { ImportsToolbar } from './imports-toolbar.tsx';

export const SEARCH_DEBOUNCE_MS = 250;
const countFormat = new Intl.NumberFormat('en-US');

const FILTER_WORD = { all: '', active: 'active ', concluded: 'concluded ' } as const;

/** '12 active imports', '1 import', '0 concluded imports'. */
export function countLabel(total: number, filter: ImportListParams['filter']): string {
  return `${countFormat.format(total)} ${FILTER_WORD[filter]}${total === 1 ? 'import' : 'imports'}`;
}

/** A row that moved while paging comes once. */
function uniqueById(pages: readonly { items: ImportListItem[] }[] | undefined): ImportListItem[] {
  const seen = new Set<number>();
  const out: ImportListItem[] = [];
  for (const page of pages ?? [])
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  return out;
}

function ImportsSkeleton() {
  return (
    <div role="status" aria-label="Loading imports" className="divide-y">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex h-14 items-center gap-4 px-4">
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-4 w-40 max-w-full" />
          <Skeleton className="hidden h-4 w-48 md:block" />
          <Skeleton className="hidden h-5 w-24 rounded-md md:block" />
          <Skeleton className="ml-auto h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

/** Toolbar, count and rows of the imports list; the server searches, filters and pages. */
export function ImportsWorkspace({
  params,
  onParamsChange,
}: {
  params: ImportListParams;
  onParamsChange: (next: ImportListParams) => void;
}) {
  const search = useDebouncedValue(params.search, SEARCH_DEBOUNCE_MS);
  const asked = useMemo(() => ({ ...params, search }), [params, search]);
  const query = useImportsList(asked);
  const items = useMemo(() => uniqueById(query.data?.pages), [query.data?.pages]);
  const first = query.data?.pages[0];
  const isMobile = useIsMobile();
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const sentinelRef = useLoadMore({
    canLoad: hasNextPage && !isFetchNextPageError && !query.isPlaceholderData,
    loading: isFetchingNextPage,
    loadMore,
    pages: query.data?.pages.length ?? 0,
  });
  const refreshing = query.isFetching && !query.isFetchingNextPage && !query.isPending;
  const asCards = isMobile && !query.isPending && items.length > 0;

  return (
    <div className="flex flex-col gap-4">
      <ImportsToolbar params={params} onChange={onParamsChange} />
      <p className="flex h-5 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {first ? <span data-testid="imports-total">{countLabel(first.total, asked.filter)}</span> : null}
        {refreshing && <Loader2 className="size-3.5 animate-spin" aria-label="Updating" />}
      </p>
      <div aria-busy={query.isFetching}>
        <div className={asCards ? undefined : 'overflow-hidden rounded-xl border bg-card'}>
          <QueryStates
            query={query}
            pending={<ImportsSkeleton />}
            errorTitle="Failed to load imports"
            errorClassName="m-4 w-auto"
            keepDataOnError
            isEmpty={() => items.length === 0}
            empty={
              <div className="flex flex-col items-center gap-2 px-4 py-16 text-center text-muted-foreground">
                <SearchX className="size-8" aria-hidden />
                <p className="font-medium text-foreground">No imports found</p>
                <p className="text-sm">
                  {asked.search.trim()
                    ? 'No import matches your search. Try All to include concluded imports.'
                    : asked.filter === 'active'
                      ? 'Imports appear here when a lead is converted or an import is created.'
                      : 'Nothing here yet.'}
                </p>
              </div>
            }
          >
            {() => (asCards ? <ImportsCards items={items} /> : <ImportsTable items={items} />)}
          </QueryStates>
        </div>
        <div ref={sentinelRef} aria-hidden className="h-px" />
        {isFetchingNextPage && (
          <p className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading more imports...
          </p>
        )}
        {isFetchNextPageError && (
          <p className="flex items-center justify-center gap-2 py-4 text-sm text-destructive">
            Failed to load more imports.
            <Button variant="outline" size="sm" onClick={loadMore}>
              Try again
            </Button>
          </p>
        )}
      </div>
    </div>
  );
}
