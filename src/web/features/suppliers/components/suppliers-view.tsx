import { useState } from 'react';
import { Pencil, Plus, Trash2, Truck } from 'lucide-react';
import { toCents } from '#shared/imports/finance.ts';
import type { Supplier } from '#shared/schemas/suppliers.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { QueryStates } from '#web/components/query-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { useIsMobile } from '#web/hooks/use-mobile.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { formatEuro } from '#web/lib/money.ts';
import { useDeleteSupplier, useSuppliers } from '../api/suppliers.ts';
import { SupplierDialog, supplierFailure } from './supplier-dialog.tsx';

export const SUPPLIER_COLUMNS = ['Name', 'Country', 'Email', 'Phone', 'VAT ID', 'Actions'] as const;

const Dash = () => <span className="text-muted-foreground">—</span>;

/** 'Costs €4 250 · €1 200 unpaid (2)', or 'No costs yet'. */
export function totalsText(s: Supplier): { costs: string; unpaid: string | null } {
  const t = s.totals;
  if (t.costCount === 0) return { costs: 'No costs yet', unpaid: null };
  const costs = `${t.costCount} ${t.costCount === 1 ? 'cost' : 'costs'}, ${formatEuro(t.costsTotal)}`;
  return { costs, unpaid: toCents(t.unpaidTotal) > 0n ? `${formatEuro(t.unpaidTotal)} unpaid` : null };
}

function Totals({ supplier }: { supplier: Supplier }) {
  const { costs, unpaid } = totalsText(supplier);
  return (
    <span className="block text-xs text-muted-foreground" data-testid="supplier-totals">
      {costs}
      {unpaid ? (
        <>
          {' · '}
          <span className="font-medium text-red-600 dark:text-red-400">{unpaid}</span>
        </>
      ) : null}
    </span>
  );
}

function Actions({ supplier, onEdit, onDelete }: { supplier: Supplier; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={onEdit}
        aria-label={`Edit ${supplier.name}`}
        title="Edit"
      >
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        onClick={onDelete}
        aria-label={`Delete ${supplier.name}`}
        title="Delete"
      >
        <Trash2 />
      </Button>
    </span>
  );
}

/** The suppliers table (cards on phones), the add / edit dialogs and the delete confirmation. */
export function SuppliersView({
  adding,
  onAddingChange,
}: {
  adding: boolean;
  onAddingChange: (open: boolean) => void;
}) {
  const query = useSuppliers();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);
  const remove = useDeleteSupplier();
  const isMobile = useIsMobile();
  const list = query.data ?? [];
  // The supplier as last read: after a reload the dialog saves with the fresh version.
  const editing = editingId === null ? null : (list.find((s) => s.id === editingId) ?? null);
  const refetch = () => query.refetch();

  return (
    <>
      <div className={isMobile && list.length > 0 ? undefined : 'overflow-hidden rounded-xl border bg-card'}>
        <QueryStates
          query={query}
          pending={
            <div role="status" aria-label="Loading suppliers" className="grid grid-cols-1 gap-3 p-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          }
          errorTitle="Failed to load suppliers"
          errorClassName="m-4 w-auto"
          isEmpty={(data) => data.length === 0}
          empty={
            <div className="flex flex-col items-center gap-2 px-4 py-16 text-center text-muted-foreground">
              <Truck className="size-8" aria-hidden />
              <p className="font-medium text-foreground">No suppliers yet</p>
              <p className="text-sm">Add the companies that bill you: transport, inspection, registration...</p>
              <Button size="sm" className="mt-2" onClick={() => onAddingChange(true)}>
                <Plus /> Add Supplier
              </Button>
            </div>
          }
        >
          {(suppliers) =>
            isMobile ? (
              <ul className="grid grid-cols-1 gap-3" aria-label="Suppliers">
                {suppliers.map((s) => (
                  <li key={s.id} className="rounded-xl border bg-card p-4" data-supplier-id={s.id}>
                    <div className="flex items-start gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{s.name}</p>
                        <p className="truncate text-sm text-muted-foreground">
                          {[s.country, s.vatId].filter(Boolean).join(' · ') || '—'}
                        </p>
                      </div>
                      <Actions supplier={s} onEdit={() => setEditingId(s.id)} onDelete={() => setDeleting(s)} />
                    </div>
                    <p className="mt-2 truncate text-sm">{[s.email, s.phone].filter(Boolean).join(' · ')}</p>
                    <div className="mt-2">
                      <Totals supplier={s} />
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <Table aria-label="Suppliers" containerClassName="[contain:inline-size]">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    {SUPPLIER_COLUMNS.map((c, i) => (
                      <TableHead
                        key={c}
                        className={i === 0 ? 'pl-4' : i === SUPPLIER_COLUMNS.length - 1 ? 'pr-4 text-right' : undefined}
                      >
                        {c}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {suppliers.map((s) => (
                    <TableRow key={s.id} data-supplier-id={s.id}>
                      <TableCell className="max-w-64 pl-4">
                        <span className="block truncate font-medium">{s.name}</span>
                        <Totals supplier={s} />
                      </TableCell>
                      <TableCell>{s.country ?? <Dash />}</TableCell>
                      <TableCell className="max-w-56 truncate">{s.email ?? <Dash />}</TableCell>
                      <TableCell className="whitespace-nowrap">{s.phone ?? <Dash />}</TableCell>
                      <TableCell className="font-mono text-xs">{s.vatId ?? <Dash />}</TableCell>
                      <TableCell className="pr-4">
                        <Actions supplier={s} onEdit={() => setEditingId(s.id)} onDelete={() => setDeleting(s)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          }
        </QueryStates>
      </div>
      <SupplierDialog
        supplier={editing}
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (open) return;
          onAddingChange(false);
          setEditingId(null);
        }}
        refetch={refetch}
      />
      <DeleteSupplierDialog supplier={deleting} onClose={() => setDeleting(null)} remove={remove} />
    </>
  );
}

function DeleteSupplierDialog({
  supplier,
  onClose,
  remove,
}: {
  supplier: Supplier | null;
  onClose: () => void;
  remove: ReturnType<typeof useDeleteSupplier>;
}) {
  const name = supplier?.name ?? '';
  return (
    <ConfirmDialog
      open={supplier !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete supplier"
      description={
        supplier && supplier.totals.costCount > 0
          ? `Are you sure you want to delete ${name}? It has ${supplier.totals.costCount} recorded ${supplier.totals.costCount === 1 ? 'cost' : 'costs'}, so it will be refused.`
          : `Are you sure you want to delete ${name}? This cannot be undone.`
      }
      confirmLabel="Delete"
      destructive
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: supplier!.id, version: supplier!.version });
          return true;
        } catch (err) {
          // Section 8: the server's message ('Cannot delete ...: it has 3 recorded costs...'), else the fixed text.
          if (!isUnauthorized(err))
            toast({
              title: 'Error',
              description: supplierFailure(err, 'Failed to delete supplier'),
              variant: 'destructive',
            });
          return false;
        }
      }}
      successMessage={(deleted) => (deleted ? `${name} deleted` : null)}
      failureMessage="Failed to delete supplier"
    />
  );
}
