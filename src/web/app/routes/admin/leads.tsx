import { useState } from 'react';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { CreateLeadDialog } from '#web/features/leads/dialogs/create-lead-dialog.tsx';
import { LeadsActions } from '#web/features/leads/list/components/leads-actions.tsx';
import { LeadsWorkspace } from '#web/features/leads/list/components/leads-workspace.tsx';
import { useLeadFilters } from '#web/features/leads/list/use-lead-filters.ts';

/** /admin/leads: the filters live here because the header's export uses them too. */
export function LeadsScreen() {
  const [filters, setFilters] = useLeadFilters();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Leads"
        subtitle="Manage customer inquiries and quotes"
        actions={<LeadsActions filters={filters} onCreate={() => setCreating(true)} />}
      />
      <LeadsWorkspace filters={filters} onFiltersChange={setFilters} />
      <CreateLeadDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
