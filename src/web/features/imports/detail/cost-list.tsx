import { Pencil, Trash2 } from 'lucide-react';
import type { ImportCost } from '#shared/schemas/imports.ts';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { toastFailure } from '#web/lib/notify.ts';
import { cn } from '#web/lib/cn.ts';
import { useUpdateCost } from '../api/costs.ts';
import { formatEuroCents } from '../lib/money.ts';
import { COST_FLAGS } from './cost-dialog.tsx';

/** 'Nov 20, 2026' of a YYYY-MM-DD (no time zone shift: it is a calendar date). */
export const formatCostDate = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * One cost: yellow while it still has to go on the client's invoice (a cost invoiced to us is not
 * passed along, so it is never 'Not invoiced'); its three flags toggle on their own (PUT with the
 * flag and the version).
 */
function CostItem({
  importId,
  cost,
  onEdit,
  onDelete,
}: {
  importId: number;
  cost: ImportCost;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateCost(importId);
  const awaitingInvoice = !cost.invoicedToUs && !cost.invoiced;
  const reportStale = useReportStaleWrite();
  const toggle = (name: (typeof COST_FLAGS)[number]['name'], value: boolean) =>
    update.mutate(
      { id: cost.id, data: { [name]: value, version: cost.version } },
      { onError: (err) => !reportStale(err) && toastFailure('Failed to update cost status', err, false) },
    );
  return (
    <li
      className={cn(
        'grid grid-cols-1 gap-2 rounded-lg border p-3',
        awaitingInvoice && 'border-amber-300 bg-amber-50 dark:border-amber-500/40 dark:bg-amber-500/10',
      )}
      data-testid="cost-item"
      data-invoiced={cost.invoiced}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{cost.supplierName}</p>
          <p className="text-xs text-muted-foreground">
            {formatCostDate(cost.date)}
            {awaitingInvoice ? <span className="ml-2 text-amber-700 dark:text-amber-300">Not invoiced</span> : null}
          </p>
        </div>
        <p className="shrink-0 font-semibold tabular-nums" data-testid="cost-value">
          {formatEuroCents(cost.value)}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onEdit}
          aria-label={`Edit cost from ${cost.supplierName}`}
          title="Edit cost"
        >
          <Pencil />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:text-destructive"
          onClick={onDelete}
          aria-label={`Delete cost from ${cost.supplierName}`}
          title="Delete cost"
        >
          <Trash2 />
        </Button>
      </div>
      {cost.notes ? <p className="text-sm whitespace-pre-line text-muted-foreground">{cost.notes}</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {COST_FLAGS.map((flag) => {
          const id = `cost-${cost.id}-${flag.name}`;
          return (
            <label key={flag.name} htmlFor={id} className="flex items-center gap-1.5 text-sm">
              <Checkbox
                id={id}
                checked={cost[flag.name]}
                disabled={update.isPending}
                onCheckedChange={(v) => toggle(flag.name, v === true)}
              />
              {flag.label}
            </label>
          );
        })}
      </div>
    </li>
  );
}

export function CostList({
  importId,
  costs,
  onEdit,
  onDelete,
}: {
  importId: number;
  costs: ImportCost[];
  onEdit: (cost: ImportCost) => void;
  onDelete: (cost: ImportCost) => void;
}) {
  if (costs.length === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No costs recorded yet.</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-2" aria-label="Costs">
      {costs.map((cost) => (
        <CostItem
          key={cost.id}
          importId={importId}
          cost={cost}
          onEdit={() => onEdit(cost)}
          onDelete={() => onDelete(cost)}
        />
      ))}
    </ul>
  );
}
