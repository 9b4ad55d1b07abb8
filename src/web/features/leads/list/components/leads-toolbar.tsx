import { Search, X } from 'lucide-react';
import { EMAIL_SOURCES, LEAD_STATUSES, LEAD_STATUS_LABELS } from '#shared/leads/status.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { activePreset, applyPreset, type LeadListFilters } from '../filters.ts';
import { CheckListFilter } from './check-list-filter.tsx';
import { SOURCE_LABELS } from './lead-badges.tsx';
import { MyLeadsToggle } from './my-leads-toggle.tsx';
import { PresetButtons } from './preset-buttons.tsx';

interface LeadsToolbarProps {
  filters: LeadListFilters;
  onChange: (next: LeadListFilters) => void;
}

/** Search, status and source popovers, the late toggle and the presets. */
export function LeadsToolbar({ filters, onChange }: LeadsToolbarProps) {
  const set = (patch: Partial<LeadListFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="flex flex-col gap-3">
      <div className="relative w-full lg:max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search leads"
          placeholder="Search name, e-mail, car or reference"
          value={filters.search}
          maxLength={200}
          onChange={(e) => set({ search: e.target.value })}
          className="pr-9 pl-8 [&::-webkit-search-cancel-button]:hidden"
        />
        {filters.search && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Clear search"
            title="Clear search"
            className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
            onClick={() => set({ search: '' })}
          >
            <X className="size-4" />
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <CheckListFilter
          title="Status"
          options={LEAD_STATUSES}
          labels={LEAD_STATUS_LABELS}
          selected={filters.statuses}
          onChange={(statuses) => set({ statuses })}
        />
        <CheckListFilter
          title="Source"
          options={EMAIL_SOURCES}
          labels={SOURCE_LABELS}
          selected={filters.sources}
          onChange={(sources) => set({ sources })}
        />
        <Label className="h-8 cursor-pointer rounded-md border px-3 font-normal">
          <Switch checked={filters.lateOnly} onCheckedChange={(lateOnly) => set({ lateOnly })} />
          Show Only Late Leads
        </Label>
        <PresetButtons active={activePreset(filters)} onChoose={(id) => onChange(applyPreset(filters, id))} />
        <MyLeadsToggle on={!!filters.mine} onChange={(mine) => set({ mine })} />
      </div>
    </div>
  );
}
