import { useState } from 'react';
import { Plus } from 'lucide-react';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SuppliersView } from '#web/features/suppliers/components/suppliers-view.tsx';

/** /admin/suppliers: the companies that bill the business, with what it spent and still owes with each. */
export function SuppliersScreen() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Suppliers"
        subtitle="Companies that bill us for imports, with their costs and what is unpaid"
        actions={
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus /> Add Supplier
          </Button>
        }
      />
      <SuppliersView adding={adding} onAddingChange={setAdding} />
    </>
  );
}
