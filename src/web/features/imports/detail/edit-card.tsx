import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Pencil } from 'lucide-react';
import { importUpdateSchema, type Import, type ImportUpdate } from '#shared/schemas/imports.ts';
import { errorProps, FormField } from '#web/components/form-field.tsx';
import { useBaseVersion, useStaleWriteEpoch } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyInput } from '#web/components/money-input.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useImportWrite } from './use-import-write.ts';

export interface EditFieldSpec {
  name: keyof Import & string;
  label: string;
  type?: string;
  inputMode?: ComponentProps<'input'>['inputMode'];
  wide?: boolean;
  /** Euros, typed through the shared MoneyInput (ADR 052). */
  money?: boolean;
}

type Values = Record<string, string>;

/** A saved value as its input shows it: null is empty, '24500.00' is '24500'. */
export function inputText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return /^-?\d+\.\d{2}$/.test(value) ? value.replace(/\.00$/, '') : value;
  return String(value);
}

/**
 * A card with a view mode and an edit mode (client, vehicle, service price). Cancel restores the
 * saved values; Save sends only this card's fields with the version read. After a stale write the
 * form stays open with what was typed (ADR 024).
 */
export function EditCard({
  imp,
  title,
  editLabel,
  fields,
  failure,
  view,
  testId,
  className,
  children,
}: {
  imp: Import;
  title: string;
  /** The edit button's accessible name ('Edit client'). */
  editLabel: string;
  fields: readonly EditFieldSpec[];
  failure: string;
  view: ReactNode;
  testId: string;
  className?: string;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const schema = useMemo(() => importUpdateSchema(new Date().getFullYear()), []);
  const resolver = useMemo(() => zodResolver(schema) as unknown as Resolver<Values, unknown, ImportUpdate>, [schema]);
  const saved = (): Values => Object.fromEntries(fields.map((f) => [f.name, inputText(imp[f.name])]));
  const form = useForm<Values, unknown, ImportUpdate>({ resolver, defaultValues: saved() });
  const { write, pending } = useImportWrite(imp);
  const base = useBaseVersion(imp.version, useStaleWriteEpoch());

  const start = () => {
    form.reset(saved());
    base.start();
    setEditing(true);
  };
  const cancel = () => {
    form.reset(saved());
    base.stop();
    setEditing(false);
  };
  const onSubmit = form.handleSubmit((data) =>
    write(
      data,
      failure,
      {
        onSuccess: () => {
          base.stop();
          setEditing(false);
        },
        onError: (err) =>
          applyServerErrors(
            form,
            err,
            fields.map((f) => f.name),
          ),
      },
      base.version,
    ),
  );

  return (
    <Card className={className ?? 'gap-4'} data-testid={testId}>
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          {title}
        </CardTitle>
        {!editing && (
          <CardAction>
            <Button variant="ghost" size="sm" onClick={start} aria-label={editLabel}>
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
            aria-label={editLabel}
          >
            {fields.map((f) => {
              const id = `${testId}-${f.name}`;
              const error = form.formState.errors[f.name]?.message;
              return (
                <FormField
                  key={f.name}
                  id={id}
                  label={f.label}
                  error={error}
                  className={f.wide ? 'sm:col-span-2' : undefined}
                >
                  {f.money ? (
                    <MoneyInput {...errorProps(id, error)} {...form.register(f.name)} />
                  ) : (
                    <Input
                      {...errorProps(id, error)}
                      type={f.type ?? 'text'}
                      inputMode={f.inputMode}
                      {...form.register(f.name)}
                    />
                  )}
                </FormField>
              );
            })}
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" size="sm" disabled={pending}>
                {pending && <Loader2 className="animate-spin" aria-hidden />}
                Save
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          view
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** A definition list of label and value; empty values show a dash. */
export function Facts({ rows, testId }: { rows: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">
            {value === null || value === '' ? <span className="text-muted-foreground">—</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
