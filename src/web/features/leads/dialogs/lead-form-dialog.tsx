import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { type Lead } from '#shared/schemas/leads.ts';
import { leadCreateSchema, leadUpdateSchema, type LeadCreateInput } from '#shared/schemas/lead-writes.ts';
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
import { useCreateLead } from '../api/create-lead.ts';
import { leadKey } from '../api/lead-keys.ts';
import { useUpdateLead } from '../api/update-lead.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { FormFields } from './form-fields.tsx';
import { CUSTOMER_FIELDS, MAILBOX_FIELD, NOTES_FIELD, QUOTE_FIELDS, VEHICLE_FIELDS } from './lead-field-specs.ts';
import { amountForInput, withMoneyFields } from './lead-form-values.ts';
import { useResetOnOpen } from '#web/hooks/use-reset-on-open.ts';

type FormValues = LeadCreateInput;

const EMPTY: FormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  emailSource: 'geral',
  vehicleMake: '',
  vehicleModel: '',
  vehicleYear: '',
  mileage: '',
  transmission: null,
  fuelType: null,
  budget: '',
  vehicleLink: '',
  status: 'requested',
  quotedAmount: '',
  notes: '',
};

const fromLead = (lead: Lead): FormValues => ({
  firstName: lead.firstName,
  lastName: lead.lastName ?? '',
  email: lead.email ?? '',
  phone: lead.phone ?? '',
  emailSource: lead.emailSource,
  vehicleMake: lead.vehicleMake,
  vehicleModel: lead.vehicleModel,
  vehicleYear: lead.vehicleYear === null ? '' : String(lead.vehicleYear),
  mileage: lead.mileage === null ? '' : String(lead.mileage),
  transmission: (lead.transmission as FormValues['transmission']) ?? null,
  fuelType: (lead.fuelType as FormValues['fuelType']) ?? null,
  budget: amountForInput(lead.budget),
  vehicleLink: lead.vehicleLink ?? '',
  status: lead.status,
  quotedAmount: amountForInput(lead.quotedAmount),
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void } & (
  { mode: 'add'; onCreated?: (lead: Lead) => void } | { mode: 'edit'; lead: Lead }
);

/**
 * The Add/Edit Lead dialog: year 1900 to current + 1; quoted amount optional and left out of the
 * request when empty. Add posts POST /api/leads, edit PUT /api/leads/{id}.
 */
export function LeadFormDialog(props: Props) {
  const { open, onOpenChange, mode } = props;
  const lead = mode === 'edit' ? props.lead : undefined;
  const year = new Date().getFullYear();
  const schema = useMemo(() => (mode === 'edit' ? leadUpdateSchema(year) : leadCreateSchema(year)), [mode, year]);
  // One form type for both modes; the resolver's output is what the server accepts.
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    resolver: withMoneyFields(
      zodResolver(schema as ReturnType<typeof leadCreateSchema>) as unknown as Resolver<
        FormValues,
        unknown,
        Record<string, unknown>
      >,
      ['budget', 'quotedAmount'],
    ),
    defaultValues: EMPTY,
  });
  const create = useCreateLead();
  const update = useUpdateLead(lead?.id ?? 0);
  const navigate = useNavigate();
  const pending = create.isPending || update.isPending;
  // Edit: the version read when the dialog opened is sent (ADR 024); a stale save shows the notice
  // above the buttons and keeps the fields as typed until the user reloads.
  const queryClient = useQueryClient();
  const leadId = lead?.id ?? 0;
  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: leadKey(leadId) }),
    [queryClient, leadId],
  );
  const stale = useStaleWrite(refetch);
  const base = useBaseVersion(lead?.version ?? 1, stale.epoch);
  const { start: startBase, stop: stopBase } = base;
  const { clear: clearStale } = stale;

  // On open, not when a live refresh brings a new lead object.
  useResetOnOpen(
    open,
    () => {
      form.reset(lead ? fromLead(lead) : EMPTY);
      startBase();
    },
    {
      onClose: () => {
        stopBase();
        clearStale();
      },
    },
  );

  const sections = [
    { legend: 'Customer', specs: [...CUSTOMER_FIELDS, MAILBOX_FIELD] },
    { legend: 'Vehicle', specs: VEHICLE_FIELDS },
    { legend: 'Quote', specs: mode === 'edit' ? QUOTE_FIELDS(lead?.status) : [...QUOTE_FIELDS(), NOTES_FIELD] },
  ];
  const shown = sections.flatMap((s) => s.specs.map((f) => f.name));

  const onSubmit = form.handleSubmit((parsed) => {
    const data = { ...parsed };
    if (String(form.getValues('quotedAmount') ?? '').trim() === '') delete data.quotedAmount;
    if (mode === 'add' && typeof data.notes === 'string' && !data.notes.trim()) data.notes = null;
    const onError = (err: unknown) => {
      applyServerErrors(form, err, shown);
      if (stale.report(err)) return;
      toastFailure(mode === 'edit' ? 'Failed to update lead' : 'Failed to create lead', err, false);
    };
    if (mode === 'edit') {
      update.mutate(
        { ...data, version: base.version },
        {
          onSuccess: () => {
            toastSuccess('Lead updated successfully');
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(data as never, {
        onSuccess: (created) => {
          toastSuccess('Lead created successfully');
          onOpenChange(false);
          if (props.onCreated) props.onCreated(created);
          else void navigate(`/admin/leads/${created.id}`);
        },
        onError,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{mode === 'edit' ? 'Edit Lead' : 'Add Lead'}</DialogTitle>
          <DialogDescription>
            {mode === 'edit'
              ? `Lead #${lead?.reference}: customer, vehicle and quote.`
              : 'A new lead with its vehicle wishes. Fields marked * are required.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          {sections.map((section) => (
            <fieldset key={section.legend} className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold">{section.legend}</legend>
              <FormFields form={form} specs={section.specs} idPrefix={`lead-form-${mode}`} />
            </fieldset>
          ))}
          {stale.message !== null && (
            <StaleWriteNotice
              message={stale.message}
              onReload={() => void stale.reload()}
              reloading={stale.reloading}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {mode === 'edit' ? 'Save changes' : 'Add Lead'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
