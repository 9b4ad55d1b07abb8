import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Pencil } from 'lucide-react';
import { importUpdateSchema, type Import, type ImportUpdate } from '#shared/schemas/imports.ts';
import { errorProps } from '#web/components/form-field.tsx';
import { useBaseVersion, useStaleWriteEpoch } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MoneyInput } from '#web/components/money-input.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { cn } from '#web/lib/cn.ts';
import { formatEuroCents } from '../lib/money.ts';
import { inputText } from './edit-card.tsx';
import { useImportWrite } from './use-import-write.ts';

export type ServicePriceState = 'unpaid' | 'not-invoiced' | 'settled';

/** Section 4: red while unpaid, yellow when paid but not invoiced, normal when paid and invoiced. */
export function servicePriceState(imp: Pick<Import, 'paid' | 'invoiced'>): ServicePriceState {
  if (!imp.paid) return 'unpaid';
  return imp.invoiced ? 'settled' : 'not-invoiced';
}

const STATE_CLASSES: Record<ServicePriceState, string> = {
  unpaid: 'text-red-600 dark:text-red-400',
  'not-invoiced': 'text-amber-600 dark:text-amber-400',
  settled: 'text-foreground',
};
const STATE_TEXT: Record<ServicePriceState, string> = {
  unpaid: 'Not paid yet',
  'not-invoiced': 'Paid, not invoiced yet',
  settled: 'Paid and invoiced',
};

type Values = { servicePrice: string };

/** The service price with its colour rule, and its own view and edit modes. */
export function ServicePrice({ imp }: { imp: Import }) {
  const [editing, setEditing] = useState(false);
  const schema = useMemo(() => importUpdateSchema(new Date().getFullYear()), []);
  const resolver = useMemo(() => zodResolver(schema) as unknown as Resolver<Values, unknown, ImportUpdate>, [schema]);
  const form = useForm<Values, unknown, ImportUpdate>({
    resolver,
    defaultValues: { servicePrice: inputText(imp.servicePrice) },
  });
  const { write, pending } = useImportWrite(imp);
  const base = useBaseVersion(imp.version, useStaleWriteEpoch());
  const state = servicePriceState(imp);
  const error = form.formState.errors.servicePrice?.message;

  const start = () => {
    form.reset({ servicePrice: inputText(imp.servicePrice) });
    base.start();
    setEditing(true);
  };
  const cancel = () => {
    form.reset({ servicePrice: inputText(imp.servicePrice) });
    base.stop();
    setEditing(false);
  };
  const onSubmit = form.handleSubmit((data) =>
    write(
      { servicePrice: data.servicePrice ?? null },
      'Failed to update service price',
      {
        onSuccess: () => {
          base.stop();
          setEditing(false);
        },
        onError: (err) => applyServerErrors(form, err, ['servicePrice']),
      },
      base.version,
    ),
  );

  if (editing) {
    return (
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label="Edit service price"
        className="grid grid-cols-1 gap-2"
      >
        <label htmlFor="service-price" className="text-sm text-muted-foreground">
          Service price (€)
        </label>
        <div className="flex flex-wrap items-start gap-2">
          <div className="w-44">
            <MoneyInput {...errorProps('service-price', error)} autoFocus {...form.register('servicePrice')} />
          </div>
          <Button type="submit" size="sm" className="h-9" disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            Save
          </Button>
          <Button type="button" size="sm" variant="outline" className="h-9" onClick={cancel}>
            Cancel
          </Button>
        </div>
        {error ? (
          <p id="service-price-error" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
    );
  }
  return (
    <div className="flex items-start justify-between gap-2">
      <div>
        <p className="text-sm text-muted-foreground">Service price</p>
        <p
          className={cn('text-2xl font-bold tracking-tight tabular-nums', STATE_CLASSES[state])}
          data-testid="service-price"
          data-state={state}
        >
          {formatEuroCents(imp.servicePrice) ?? '—'}
        </p>
        <p className={cn('text-xs', state === 'settled' ? 'text-muted-foreground' : STATE_CLASSES[state])}>
          {STATE_TEXT[state]}
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={start} aria-label="Edit service price">
        <Pencil aria-hidden /> Edit
      </Button>
    </div>
  );
}
