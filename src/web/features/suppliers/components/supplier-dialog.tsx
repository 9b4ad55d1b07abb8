import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { supplierCreateSchema, type Supplier, type SupplierCreate } from '#shared/schemas/suppliers.ts';
import { errorProps, FormField } from '#web/components/form-field.tsx';
import { StaleWriteNotice, useBaseVersion, useStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, isUnauthorized } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastSuccess } from '#web/lib/notify.ts';
import { useCreateSupplier, useUpdateSupplier } from '../api/suppliers.ts';
import { useResetOnOpen } from '#web/hooks/use-reset-on-open.ts';

type Values = Record<'name' | 'country' | 'email' | 'phone' | 'vatId' | 'address' | 'notes', string>;

const FIELDS = [
  { name: 'name', label: 'Name *' },
  { name: 'country', label: 'Country' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'vatId', label: 'VAT ID' },
  { name: 'address', label: 'Address', wide: true },
] as const;

const valuesOf = (s: Supplier | null): Values => ({
  name: s?.name ?? '',
  country: s?.country ?? '',
  email: s?.email ?? '',
  phone: s?.phone ?? '',
  vatId: s?.vatId ?? '',
  address: s?.address ?? '',
  notes: s?.notes ?? '',
});

/** Section 8: the server's message, else the fixed text. */
export const supplierFailure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.serverMessage.trim() ? err.serverMessage : fallback;

/** 'Add Supplier' (supplier null) and 'Edit Supplier'. */
export function SupplierDialog({
  supplier,
  open,
  onOpenChange,
  refetch,
}: {
  supplier: Supplier | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  refetch: () => Promise<unknown>;
}) {
  const resolver = useMemo(
    () => zodResolver(supplierCreateSchema) as unknown as Resolver<Values, unknown, SupplierCreate>,
    [],
  );
  const form = useForm<Values, unknown, SupplierCreate>({ resolver, defaultValues: valuesOf(supplier) });
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const stale = useStaleWrite(refetch);
  const pending = create.isPending || update.isPending;
  const errors = form.formState.errors;
  const { clear } = stale;
  // The supplier's version when the dialog opened; a Reload moves it to the latest.
  const base = useBaseVersion(supplier?.version ?? 0, stale.epoch);
  const { start, stop } = base;

  // Only when the dialog opens: a refetch keeps what was typed (ADR 024).
  useResetOnOpen(
    open,
    () => {
      form.reset(valuesOf(supplier));
      start();
      clear();
    },
    { onClose: stop },
  );

  const fail = (err: unknown, fallback: string) => {
    applyServerErrors(form, err);
    if (stale.report(err) || isUnauthorized(err)) return;
    toast({ title: 'Error', description: supplierFailure(err, fallback), variant: 'destructive' });
  };
  const onSubmit = form.handleSubmit((data) => {
    const body = { ...data, address: data.address ?? null, country: data.country ?? null };
    if (supplier) {
      update.mutate(
        { id: supplier.id, data: { ...body, version: base.version } },
        {
          onSuccess: () => {
            toastSuccess('Supplier updated');
            onOpenChange(false);
          },
          onError: (err) => fail(err, 'Failed to update supplier'),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toastSuccess('Supplier created');
          onOpenChange(false);
        },
        onError: (err) => fail(err, 'Failed to create supplier'),
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{supplier ? 'Edit Supplier' : 'Add Supplier'}</DialogTitle>
          <DialogDescription>
            Transport, inspection, registration and other companies that bill us. Fields marked * are required.
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="grid grid-cols-1 gap-3 sm:grid-cols-2"
          noValidate
          aria-label={supplier ? 'Edit supplier' : 'Add supplier'}
        >
          {FIELDS.map((f) => {
            const id = `supplier-${f.name}`;
            const error = errors[f.name]?.message;
            return (
              <FormField
                key={f.name}
                id={id}
                label={f.label}
                error={error}
                className={'wide' in f ? 'sm:col-span-2' : undefined}
              >
                <Input {...errorProps(id, error)} type={'type' in f ? f.type : 'text'} {...form.register(f.name)} />
              </FormField>
            );
          })}
          <FormField id="supplier-notes" label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea {...errorProps('supplier-notes', errors.notes?.message)} rows={3} {...form.register('notes')} />
          </FormField>
          {stale.message !== null && (
            <StaleWriteNotice
              className="sm:col-span-2"
              message={stale.message}
              onReload={() => void stale.reload()}
              reloading={stale.reloading}
            />
          )}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {supplier ? 'Save Supplier' : 'Add Supplier'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
