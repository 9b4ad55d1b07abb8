import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { manualLeadSchema, type ManualLead, type ManualLeadInput } from '#shared/schemas/lead-writes.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { useCreateManualLead } from '../api/create-manual-lead.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { FormFields } from './form-fields.tsx';
import { withMoneyFields } from './lead-form-values.ts';
import { CUSTOMER_FIELDS, MAILBOX_FIELD, NOTES_FIELD, VEHICLE_FIELDS } from './lead-field-specs.ts';

type FormValues = ManualLeadInput;

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleYear: '',
  budget: '',
  mileage: '',
  transmission: null as FormValues['transmission'],
  fuelType: null as FormValues['fuelType'],
  vehicleLink: '',
  notes: '',
  emailSource: 'geral',
} satisfies FormValues;

/** 'Create New Lead Manually': POST /api/leads/manual, then opens the new lead. */
export function CreateLeadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const schema = useMemo(() => manualLeadSchema(new Date().getFullYear()), []);
  const form = useForm<FormValues, unknown, ManualLead>({
    resolver: withMoneyFields(zodResolver(schema), ['budget']),
    defaultValues: EMPTY,
  });
  const create = useCreateManualLead();
  const navigate = useNavigate();

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = form.handleSubmit((data) =>
    create.mutate(
      { ...data, notes: data.notes?.trim() ? data.notes : null },
      {
        onSuccess: (lead) => {
          toastSuccess('Lead created successfully');
          onOpenChange(false);
          void navigate(`/admin/leads/${lead.id}`);
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toastFailure('Failed to create lead', err);
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create New Lead Manually</DialogTitle>
          <DialogDescription>For a customer who phoned or walked in. Fields marked * are required.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">Customer</legend>
            <FormFields form={form} specs={[...CUSTOMER_FIELDS, MAILBOX_FIELD]} idPrefix="manual-lead" />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">Vehicle</legend>
            <FormFields form={form} specs={VEHICLE_FIELDS} idPrefix="manual-lead" />
          </fieldset>
          <FormFields form={form} specs={[NOTES_FIELD]} idPrefix="manual-lead" />

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Create Lead
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
