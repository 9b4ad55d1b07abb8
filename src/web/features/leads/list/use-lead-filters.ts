import { useEffect, useState } from 'react';
import { clearSessionFilters, keepsFilters, loadFilters, saveFilters } from './filter-storage.ts';
import type { LeadListFilters } from './filters.ts';

/**
 * The list's filters, read from storage on mount and written back on every change. Leaving the
 * list for anything but a lead detail forgets search, statuses and late: by the time the screen
 * unmounts the router has already moved the URL to the destination.
 */
export function useLeadFilters() {
  const [filters, setFilters] = useState<LeadListFilters>(loadFilters);
  useEffect(() => saveFilters(filters), [filters]);
  useEffect(
    () => () => {
      if (!keepsFilters(window.location.pathname)) clearSessionFilters();
    },
    [],
  );
  return [filters, setFilters] as const;
}
