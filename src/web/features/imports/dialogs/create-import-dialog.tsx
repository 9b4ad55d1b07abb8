import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { importCreateSchema, type Import, type ImportCreate } from '#shared/schemas/imports.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { ToastAction } from '#web/components/ui/toast.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastSuccess } from '#web/lib/notify.ts';
import { useCreateImport } from '../api/create-import.ts';
import { importPath } from '../list/import-open.ts';
import { createFailureMessage, toCreateBody } from './create-import-body.ts';
import { ImportFormSections } from './import-form-sections.tsx';
import {
  FILL_MANUALLY,
  initialValues,
  proposalLabel,
  proposalValues,
  type ImportFormValues,
  type LeadPrefill,
  type ProposalPrefill,
} from './import-form-values.ts';

export interface CreateImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Create Import from Lead': the lead converted, its client prefilled. Absent: 'Create New Import'. */
  lead?: LeadPrefill | null;
  /** The lead's proposals, for the picker that prefills the car and the prices. */
  proposals?: readonly ProposalPrefill[];
  onCreated?: (created: Import) => void;
}

/**
 * 'Create Import from Lead' and 'Create New Import' (POST /api/imports). Cancel changes nothing;
 * from a lead, the server makes the lead converted only once the import exists.
 */
export function CreateImportDialog({ open, onOpenChange, lead, proposals = [], onCreated }: CreateImportDialogProps) {
  const currentYear = useMemo(() => new Date().getFullYear(), []);
  const schema = useMemo(() => importCreateSchema(currentYear), [currentYear]);
  const resolver = useMemo<Resolver<ImportFormValues, unknown, ImportCreate>>(() => {
    const zod = zodResolver(schema);
    return (values, context, options) =>
      zod(toCreateBody(values) as never, context, options as never) as ReturnType<
        Resolver<ImportFormValues, unknown, ImportCreate>
      >;
  }, [schema]);
  const form = useForm<ImportFormValues, unknown, ImportCreate>({
    resolver,
    defaultValues: initialValues(lead, currentYear),
  });
  const create = useCreateImport();
  const navigate = useNavigate();
  const fromLead = !!lead;

  // One key per opening: a double submit or a retry makes one import (ADR 023).
  const [key, setKey] = useState(newIdempotencyKey);
  useEffect(() => {
    if (open) {
      form.reset(initialValues(lead, currentYear));
      setKey(newIdempotencyKey());
    }
  }, [open, lead, currentYear, form]);

  const pickProposal = (value: string) => {
    form.setValue('proposalId', value);
    const proposal = proposals.find((p) => String(p.id) === value);
    const fill = proposal
      ? proposalValues(proposal)
      : (({ vehicleMake, vehicleModel, vehicleYear }) => ({
          vehicleMake,
          vehicleModel,
          vehicleYear,
          vehiclePrice: '',
          vehicleIsv: '',
          servicePrice: '',
        }))(initialValues(lead, currentYear));
    for (const [name, v] of Object.entries(fill))
      form.setValue(name as keyof ImportFormValues, v, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
  };

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(
      { ...body, idempotencyKey: key },
      {
        onSuccess: (created) => {
          onOpenChange(false);
          onCreated?.(created);
          if (fromLead) {
            // The salesperson stays on the lead (now Converted); the import is one tap away.
            toast({
              title: 'Success',
              description: 'Import created successfully',
              action: (
                <ToastAction altText="Open the import" onClick={() => void navigate(importPath(created.id))}>
                  Open import
                </ToastAction>
              ),
            });
          } else {
            toastSuccess('Import created successfully');
            void navigate(importPath(created.id));
          }
        },
        onError: (err) => {
          applyServerErrors(form, err);
          if (isUnauthorized(err)) return;
          toast({ title: 'Error', description: createFailureMessage(err), variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{fromLead ? 'Create Import from Lead' : 'Create New Import'}</DialogTitle>
          <DialogDescription>
            {fromLead
              ? 'The lead becomes Converted once the import is created. Fields marked * are required.'
              : 'Fields marked * are required.'}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="grid grid-cols-1 gap-5"
          noValidate
          aria-label="Create import"
        >
          {fromLead ? (
            <FormField
              id="import-proposal"
              label="Proposal"
              hint="A proposal fills in the car, its price, the ISV and the service price (transport + registration)."
            >
              <Select value={form.watch('proposalId')} onValueChange={pickProposal}>
                <SelectTrigger id="import-proposal" className="w-full" data-testid="import-proposal">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={FILL_MANUALLY}>Fill manually</SelectItem>
                  {proposals.map((p) => (
                    <SelectItem key={p.id} value={String(p.id)}>
                      {proposalLabel(p)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          ) : null}
          <ImportFormSections form={form} showLeadId={!fromLead} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Create Import
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
