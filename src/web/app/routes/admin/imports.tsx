import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download, Plus } from 'lucide-react';
import { IMPORT_LIST_FILTERS, type ImportListFilter } from '#shared/schemas/imports-list.ts';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { exportImportsUrl, type ImportListParams } from '#web/features/imports/api/use-imports-list.ts';
import { CreateImportDialog } from '#web/features/imports/dialogs/create-import-dialog.tsx';
import { ImportsWorkspace } from '#web/features/imports/list/imports-workspace.tsx';

const isFilter = (v: string | null): v is ImportListFilter => IMPORT_LIST_FILTERS.includes(v as ImportListFilter);

/**
 * /admin/imports. Search and filter live in the address (?q=, ?filter=): the back button, a reload
 * and a shared link keep them. The list opens on Active.
 */
export function ImportsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get('filter');
  const params: ImportListParams = {
    search: searchParams.get('q') ?? '',
    filter: isFilter(filter) ? filter : 'active',
  };
  const setParams = (next: ImportListParams) => {
    const out = new URLSearchParams();
    if (next.search) out.set('q', next.search);
    if (next.filter !== 'active') out.set('filter', next.filter);
    setSearchParams(out, { replace: true });
  };
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Imports"
        subtitle="Follow every car from confirmation to delivery"
        actions={
          <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus /> New Import
            </Button>
            <Button size="sm" variant="outline" asChild>
              <a href={exportImportsUrl(params)} download>
                <Download /> Export CSV
              </a>
            </Button>
          </div>
        }
      />
      <ImportsWorkspace params={params} onParamsChange={setParams} />
      <CreateImportDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
