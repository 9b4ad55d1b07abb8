import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CalendarClock, Loader2, Pencil } from 'lucide-react';
import { EXPECTABLE_STAGES } from '#shared/imports/delivery.ts';
import { IMPORT_STATUS_LABELS } from '#shared/imports/status.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { FormField, errorProps } from '#web/components/form-field.tsx';
import { useBaseVersion, useStaleWriteEpoch } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { formatCostDate as formatDate } from './cost-list.tsx';
import { useImportWrite } from './use-import-write.ts';

type Values = { expectedDeliveryDate: string } & Record<`stage_${string}`, string>;

const savedValues = (imp: Import): Values => ({
  expectedDeliveryDate: imp.expectedDeliveryDate ?? '',
  ...Object.fromEntries(EXPECTABLE_STAGES.map((s) => [`stage_${s}`, imp.expectedStageDates[s] ?? ''])),
});

/**
 * When the car is expected (ADR 068): the expected delivery date and, optionally, a date per stage,
 * shown on the customer's tracking page; and the switch for the customer's stage e-mails.
 */
export function DeliveryCard({ imp }: { imp: Import }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<Values>({ defaultValues: savedValues(imp) });
  const { write, pending } = useImportWrite(imp);
  const notify = useImportWrite(imp);
  const base = useBaseVersion(imp.version, useStaleWriteEpoch());
  const stages = EXPECTABLE_STAGES.filter((s) => imp.expectedStageDates[s]);

  const start = () => {
    form.reset(savedValues(imp));
    base.start();
    setEditing(true);
  };
  const stop = () => {
    base.stop();
    setEditing(false);
  };
  const onSubmit = form.handleSubmit((values) =>
    write(
      {
        expectedDeliveryDate: values.expectedDeliveryDate,
        expectedStageDates: Object.fromEntries(EXPECTABLE_STAGES.map((s) => [s, values[`stage_${s}`] ?? ''])),
      },
      'Failed to update the expected dates',
      { onSuccess: stop, onError: (err) => applyServerErrors(form, err, ['expectedDeliveryDate']) },
      base.version,
    ),
  );

  return (
    <Card className="gap-4" data-testid="delivery-card">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Delivery
        </CardTitle>
        <CardDescription>The customer sees these dates on the tracking page.</CardDescription>
        {!editing && (
          <CardAction>
            <Button variant="ghost" size="sm" onClick={start} aria-label="Edit expected dates">
              <Pencil aria-hidden /> Edit
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {editing ? (
          <form
            onSubmit={(e) => void onSubmit(e)}
            className="grid grid-cols-1 gap-3 sm:grid-cols-2"
            noValidate
            aria-label="Edit expected dates"
          >
            <FormField
              id="expected-delivery"
              label="Expected delivery"
              error={form.formState.errors.expectedDeliveryDate?.message}
              className="sm:col-span-2"
            >
              <Input
                {...errorProps('expected-delivery', form.formState.errors.expectedDeliveryDate?.message)}
                type="date"
                {...form.register('expectedDeliveryDate')}
              />
            </FormField>
            <p className="text-xs text-muted-foreground sm:col-span-2">Expected date of each stage (optional)</p>
            {EXPECTABLE_STAGES.map((s) => (
              <FormField key={s} id={`expected-${s}`} label={IMPORT_STATUS_LABELS[s]}>
                <Input id={`expected-${s}`} type="date" {...form.register(`stage_${s}`)} />
              </FormField>
            ))}
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" size="sm" disabled={pending}>
                {pending && <Loader2 className="animate-spin" aria-hidden />}
                Save
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={stop}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="grid grid-cols-1 gap-2">
            <p className="flex items-center gap-2 text-sm" data-testid="expected-delivery">
              <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
              <span className="text-muted-foreground">Expected delivery</span>
              <span className="font-medium">
                {imp.expectedDeliveryDate ? formatDate(imp.expectedDeliveryDate) : 'Not set'}
              </span>
            </p>
            {stages.length ? (
              <ul className="grid grid-cols-1 gap-1 text-sm">
                {stages.map((s) => (
                  <li key={s} className="flex justify-between gap-2">
                    <span className="text-muted-foreground">{IMPORT_STATUS_LABELS[s]}</span>
                    <span>{formatDate(imp.expectedStageDates[s]!)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
        <div className="flex items-start justify-between gap-3 border-t pt-4">
          <label htmlFor="notify-customer" className="grid gap-0.5 text-sm">
            <span className="font-medium">E-mail the customer at each stage</span>
            <span className="text-xs text-muted-foreground">
              {imp.clientEmail
                ? `A short message in Portuguese with the tracking link, to ${imp.clientEmail}.`
                : 'The client has no e-mail address.'}
            </span>
          </label>
          <Switch
            id="notify-customer"
            checked={imp.notifyCustomer}
            disabled={notify.pending}
            onCheckedChange={(on) => notify.write({ notifyCustomer: on }, 'Failed to update customer e-mails')}
          />
        </div>
      </CardContent>
    </Card>
  );
}
