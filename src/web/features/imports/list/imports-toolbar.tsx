import { Search, X } from 'lucide-react';
import { IMPORT_LIST_FILTER_LABELS, IMPORT_LIST_FILTERS, type ImportListFilter } from '#shared/schemas/imports-list.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import type { ImportListParams } from '../api/use-imports-list.ts';

/** Search box and the All / Active / Concluded filter. */
export function ImportsToolbar({
  params,
  onChange,
}: {
  params: ImportListParams;
  onChange: (next: ImportListParams) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative w-full lg:max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search imports"
          placeholder="Search client, vehicle, VIN or #id"
          value={params.search}
          maxLength={200}
          onChange={(e) => onChange({ ...params, search: e.target.value })}
          className="pr-9 pl-8 [&::-webkit-search-cancel-button]:hidden"
        />
        {params.search && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Clear search"
            title="Clear search"
            className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
            onClick={() => onChange({ ...params, search: '' })}
          >
            <X className="size-4" />
          </Button>
        )}
      </div>
      <div role="radiogroup" aria-label="Show" className="inline-flex w-fit rounded-lg border bg-muted p-0.5">
        {IMPORT_LIST_FILTERS.map((filter: ImportListFilter) => {
          const active = params.filter === filter;
          return (
            <button
              key={filter}
              type="button"
              role="radio"
              aria-checked={active}
              onClick={() => onChange({ ...params, filter })}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                active ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {IMPORT_LIST_FILTER_LABELS[filter]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
