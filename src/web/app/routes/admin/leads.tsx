import { useState } from 'react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { CreateLeadDialog } from '../../../features/leads/dialogs/create-lead-dialog.tsx';
import { LeadsActions } from '../../../features/leads/list/components/leads-actions.tsx';
import { LeadsWorkspace } from '../../../features/leads/list/components/leads-workspace.tsx';
import { useLeadFilters } from '../../../features/leads/list/use-lead-filters.ts';

/** /admin/leads (document 2 section 2): the filters live here because the header's export uses them too. */
export function LeadsScreen() {
  const [filters, setFilters] = useLeadFilters();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader title="Leads" subtitle="Manage customer inquiries and quotes" actions={<LeadsActions filters={filters} onCreate={() => setCreating(true)} />} />
      <LeadsWorkspace filters={filters} onFiltersChange={setFilters} />
      <CreateLeadDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
