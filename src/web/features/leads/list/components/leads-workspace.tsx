import { useMemo } from 'react';
import { Loader2 } from 'lucide-react';
import { EMAIL_SOURCES, LEAD_STATUSES } from '#shared/leads/status.ts';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { useLeadsList } from '../../api/use-leads-list.ts';
import { revealHiddenMatches, type LeadListFilters } from '../filters.ts';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { BulkOwnerButton } from './bulk-owner-button.tsx';
import { HiddenMatchesBanner } from './hidden-matches-banner.tsx';
import { LeadsResults } from './leads-results.tsx';
import { LeadsToolbar } from './leads-toolbar.tsx';
import { LeadsBoard } from './board/leads-board.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { useLeadsView } from '../use-leads-view.ts';

/** Typing settles this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

const countFormat = new Intl.NumberFormat('en-US');

/** A lead that moved down while the user scrolled can come again on a later page: keep its first row. */
function uniqueById(pages: readonly { items: LeadListItem[] }[] | undefined): LeadListItem[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const out: LeadListItem[] = [];
  for (const page of pages) {
    for (const lead of page.items) {
      if (seen.has(lead.id)) continue;
      seen.add(lead.id);
      out.push(lead);
    }
  }
  return out;
}

const narrows = (f: LeadListFilters) =>
  !!f.search.trim() ||
  f.lateOnly ||
  !!f.mine ||
  f.statuses.length !== LEAD_STATUSES.length ||
  f.sources.length !== EMAIL_SOURCES.length;

/** Toolbar, banner, count and rows of the leads list; the filters belong to the screen (they also drive the export). */
export function LeadsWorkspace({
  filters,
  onFiltersChange,
}: {
  filters: LeadListFilters;
  onFiltersChange: (next: LeadListFilters) => void;
}) {
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const asked = useMemo(() => ({ ...filters, search }), [filters, search]);
  const query = useLeadsList(asked);
  const pages = query.data?.pages;
  const leads = useMemo(() => uniqueById(pages), [pages]);
  const first = pages?.[0];
  const total = first?.total ?? 0;
  // A search past the server's count cap: the figures are lower bounds ('500+ leads').
  const capped = first?.capped ?? false;
  const refreshing = query.isFetching && !query.isFetchingNextPage && !query.isPending;
  // While a new search loads, the previous rows stay but their banner would name the wrong term.
  const hidden = query.isPlaceholderData ? null : (first?.hidden ?? null);
  const [view, setView] = useLeadsView();

  return (
    <div className="flex flex-col gap-4">
      <LeadsToolbar filters={filters} onChange={onFiltersChange} />
      <HiddenMatchesBanner
        hidden={hidden}
        search={search}
        capped={capped}
        onReveal={() => hidden && onFiltersChange(revealHiddenMatches(filters, hidden))}
      />
      <div className="flex min-h-7 items-center gap-2">
        <p className="flex h-5 flex-1 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          {first ? (
            <span data-testid="leads-total">{`${countFormat.format(total)}${capped ? '+' : ''} ${total === 1 && !capped ? 'lead' : 'leads'}`}</span>
          ) : null}
          {refreshing && <Loader2 className="size-3.5 animate-spin" aria-label="Updating" />}
        </p>
        {view === 'list' && leads.length > 0 && <BulkOwnerButton ids={leads.map((l) => l.id)} />}
        <ViewToggle view={view} onChange={setView} />
      </div>
      {view === 'board' ? (
        <LeadsBoard filters={asked} />
      ) : (
        <LeadsResults query={query} leads={leads} total={total} narrowed={narrows(asked)} />
      )}
    </div>
  );
}
