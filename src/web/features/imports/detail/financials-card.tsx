import { useState } from 'react';
import { Download, Plus } from 'lucide-react';
import type { Import, ImportCost } from '#shared/schemas/imports.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Separator } from '#web/components/ui/separator.tsx';
import { cn } from '#web/lib/cn.ts';
import { useDeleteCost } from '../api/costs.ts';
import { exportCostsUrl } from '../api/use-imports-list.ts';
import { formatEuroCents, profitClass } from '../lib/money.ts';
import { CostDialog } from './cost-dialog.tsx';
import { CostList } from './cost-list.tsx';
import { ServicePrice } from './service-price.tsx';
import { useImportWrite } from './use-import-write.ts';

function Flag({ imp, name, label }: { imp: Import; name: 'invoiced' | 'paid'; label: string }) {
  const { write, pending } = useImportWrite(imp);
  const id = `import-${name}`;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <Checkbox
        id={id}
        checked={imp[name]}
        disabled={pending}
        onCheckedChange={(v) =>
          write(
            { [name]: v === true },
            name === 'invoiced' ? 'Failed to update invoiced status' : 'Failed to update paid status',
          )
        }
      />
      {label}
    </label>
  );
}

/** Section 9's summary, to the cent. */
function Summary({ imp }: { imp: Import }) {
  const f = imp.finance;
  const rows: [string, string, string?][] = [
    ['Costs invoiced to us', f.costsInvoicedToUs],
    ['Costs passed along', f.costsPassedAlong],
    ['Our invoice value', f.ourInvoiceValue],
  ];
  return (
    <dl className="grid grid-cols-1 gap-1.5 text-sm" data-testid="finance-summary">
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{formatEuroCents(amount)}</dd>
        </div>
      ))}
      {/* A <dl> holds only dt/dd groups (WCAG 1.3.1): the rule above Profit is the group's border. */}
      <div className="mt-1 flex justify-between gap-4 border-t pt-2.5 text-base">
        <dt className="font-semibold">Profit</dt>
        <dd className={cn('font-bold tabular-nums', profitClass(f.profit))} data-testid="import-profit">
          {formatEuroCents(f.profit)}
        </dd>
      </div>
    </dl>
  );
}

/** Service price and its flags, the summary, and the cost list with Add / Edit / Delete. */
export function FinancialsCard({ imp, refetch }: { imp: Import; refetch: () => Promise<unknown> }) {
  const [editing, setEditing] = useState<{ costId: number | null } | null>(null);
  const [deleting, setDeleting] = useState<ImportCost | null>(null);
  const remove = useDeleteCost(imp.id);
  const reportStale = useReportStaleWrite();
  // The cost being edited as last read: after a reload its version is the fresh one.
  const editedCost = editing?.costId ? (imp.costs.find((c) => c.id === editing.costId) ?? null) : null;

  return (
    <Card className="gap-4" data-testid="financials-card">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Financials
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <ServicePrice imp={imp} />
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Flag imp={imp} name="invoiced" label="Service invoiced" />
          <Flag imp={imp} name="paid" label="Service paid" />
        </div>
        <Summary imp={imp} />
        <Separator />
        <div className="grid grid-cols-1 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold">
              Costs{' '}
              <span className="font-normal text-muted-foreground tabular-nums">
                {formatEuroCents(imp.finance.costsTotal)}
              </span>
            </h3>
            <div className="flex gap-2">
              {imp.costs.length > 0 ? (
                <Button size="sm" variant="outline" asChild>
                  <a href={exportCostsUrl(imp.id)} download>
                    <Download /> CSV
                  </a>
                </Button>
              ) : null}
              <Button size="sm" onClick={() => setEditing({ costId: null })}>
                <Plus /> Add Cost
              </Button>
            </div>
          </div>
          <CostList
            importId={imp.id}
            costs={imp.costs}
            onEdit={(cost) => setEditing({ costId: cost.id })}
            onDelete={setDeleting}
          />
        </div>
      </CardContent>
      <CostDialog
        importId={imp.id}
        cost={editedCost}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        refetch={refetch}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete cost"
        description="Are you sure you want to delete this cost entry?"
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: deleting!.id, version: deleting!.version });
          } catch (err) {
            // A stale delete shows the screen's notice and closes; other failures toast and stay.
            if (reportStale(err)) return 'stale';
            throw err;
          }
          return 'deleted';
        }}
        successMessage={(r) => (r === 'stale' ? null : 'Cost deleted')}
        failureMessage="Failed to delete import cost"
      />
    </Card>
  );
}
