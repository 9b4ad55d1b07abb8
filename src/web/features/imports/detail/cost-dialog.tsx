import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Loader2 } from 'lucide-react';
import { type ImportCost } from '#shared/schemas/imports.ts';
import { costCreateSchema, type CostCreate } from '#shared/schemas/import-costs.ts';
import { errorProps, FormField } from '#web/components/form-field.tsx';
import { StaleWriteNotice, useBaseVersion, useStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { MoneyInput } from '#web/components/money-input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, isUnauthorized } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useAddCost, useUpdateCost } from '../api/costs.ts';
import { useSupplierOptions } from '../api/get-suppliers.ts';
import { inputText } from './edit-card.tsx';
import { useResetOnOpen } from '#web/hooks/use-reset-on-open.ts';

export interface CostFormValues {
  supplierId: string;
  date: string;
  value: string;
  notes: string;
  invoicedToUs: boolean;
  invoiced: boolean;
  paid: boolean;
}

export const COST_FLAGS = [
  { name: 'invoicedToUs', label: 'Invoiced to us', hint: 'The supplier invoiced us (not passed along to the client)' },
  { name: 'invoiced', label: 'Invoiced', hint: 'On our invoice to the client' },
  { name: 'paid', label: 'Paid', hint: 'We paid the supplier' },
] as const;

/** Today in the browser's own calendar, YYYY-MM-DD (a date input's value). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function valuesOf(cost: ImportCost | null): CostFormValues {
  return cost
    ? {
        supplierId: String(cost.supplierId),
        date: cost.date,
        value: inputText(cost.value),
        notes: cost.notes ?? '',
        invoicedToUs: cost.invoicedToUs,
        invoiced: cost.invoiced,
        paid: cost.paid,
      }
    : { supplierId: '', date: todayIso(), value: '', notes: '', invoicedToUs: false, invoiced: false, paid: false };
}

const serverMessageOr = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.serverMessage.trim() ? err.serverMessage : fallback;

/** 'Add Cost' (cost null) and 'Edit Cost': supplier, date, value, notes and the three flags. */
export function CostDialog({
  importId,
  cost,
  open,
  onOpenChange,
  refetch,
}: {
  importId: number;
  cost: ImportCost | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Reads the import again (the stale-write notice's Reload). */
  refetch: () => Promise<unknown>;
}) {
  const resolver = useMemo(
    () => zodResolver(costCreateSchema) as unknown as Resolver<CostFormValues, unknown, CostCreate>,
    [],
  );
  const form = useForm<CostFormValues, unknown, CostCreate>({ resolver, defaultValues: valuesOf(cost) });
  const suppliers = useSupplierOptions();
  const add = useAddCost(importId);
  const update = useUpdateCost(importId);
  const stale = useStaleWrite(refetch);
  const pending = add.isPending || update.isPending;
  const errors = form.formState.errors;
  const { clear } = stale;
  // The cost's version when the dialog opened (a live refresh meanwhile does not make the save blind).
  const base = useBaseVersion(cost?.version ?? 0, stale.epoch);
  const { start, stop } = base;

  // Only when the dialog opens: a refetch of the cost while open must not wipe what was typed.
  useResetOnOpen(
    open,
    () => {
      form.reset(valuesOf(cost));
      start();
      clear();
    },
    { onClose: stop },
  );

  const fail = (err: unknown, fallback: string) => {
    applyServerErrors(form, err);
    if (stale.report(err) || isUnauthorized(err)) return;
    toast({ title: 'Error', description: serverMessageOr(err, fallback), variant: 'destructive' });
  };
  const onSubmit = form.handleSubmit((data) => {
    const done = { onSuccess: () => onOpenChange(false) };
    if (cost) {
      update.mutate(
        { id: cost.id, data: { ...data, notes: data.notes ?? null, version: base.version } },
        { ...done, onError: (err) => fail(err, 'Failed to update import cost') },
      );
    } else {
      add.mutate(data, { ...done, onError: (err) => fail(err, 'Failed to add import cost') });
    }
  });

  const list = suppliers.data ?? [];
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{cost ? 'Edit Cost' : 'Add Cost'}</DialogTitle>
          <DialogDescription>A supplier's charge for this import. Fields marked * are required.</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="grid grid-cols-1 gap-4"
          noValidate
          aria-label={cost ? 'Edit cost' : 'Add cost'}
        >
          <FormField
            id="cost-supplier"
            label="Supplier *"
            error={errors.supplierId?.message}
            hint={
              suppliers.isSuccess && list.length === 0 ? (
                <>
                  No suppliers yet:{' '}
                  <Link to="/admin/suppliers" className="text-primary underline">
                    add one under Suppliers
                  </Link>
                  .
                </>
              ) : undefined
            }
          >
            <Controller
              control={form.control}
              name="supplierId"
              render={({ field }) => (
                <Select value={field.value || undefined} onValueChange={field.onChange}>
                  <SelectTrigger
                    {...errorProps('cost-supplier', errors.supplierId?.message)}
                    className="w-full"
                    onBlur={field.onBlur}
                  >
                    <SelectValue placeholder={suppliers.isPending ? 'Loading suppliers...' : 'Choose a supplier'} />
                  </SelectTrigger>
                  <SelectContent>
                    {list.map((s) => (
                      <SelectItem key={s.id} value={String(s.id)}>
                        {s.country ? `${s.name} (${s.country})` : s.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField id="cost-date" label="Date *" error={errors.date?.message}>
              <Input {...errorProps('cost-date', errors.date?.message)} type="date" {...form.register('date')} />
            </FormField>
            <FormField id="cost-value" label="Value (€) *" error={errors.value?.message}>
              <MoneyInput {...errorProps('cost-value', errors.value?.message)} {...form.register('value')} />
            </FormField>
          </div>
          <FormField id="cost-notes" label="Notes" error={errors.notes?.message}>
            <Textarea {...errorProps('cost-notes', errors.notes?.message)} rows={2} {...form.register('notes')} />
          </FormField>
          <fieldset className="grid grid-cols-1 gap-2.5">
            <legend className="mb-1 text-sm font-medium">Status</legend>
            {COST_FLAGS.map((flag) => (
              <Controller
                key={flag.name}
                control={form.control}
                name={flag.name}
                render={({ field }) => (
                  <div className="flex items-start gap-2">
                    <Checkbox
                      id={`cost-${flag.name}`}
                      checked={field.value}
                      onCheckedChange={(v) => field.onChange(v === true)}
                      className="mt-0.5"
                    />
                    <Label htmlFor={`cost-${flag.name}`} className="grid grid-cols-1 gap-0.5 font-normal">
                      <span className="font-medium">{flag.label}</span>
                      <span className="text-xs text-muted-foreground">{flag.hint}</span>
                    </Label>
                  </div>
                )}
              />
            ))}
          </fieldset>
          {stale.message !== null && (
            <StaleWriteNotice
              message={stale.message}
              onReload={() => void stale.reload()}
              reloading={stale.reloading}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {cost ? 'Save Cost' : 'Add Cost'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
