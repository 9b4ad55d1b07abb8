import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { MONEY_RULE } from '#shared/number-input.ts';
import { MoneyInput, WHOLE_RULE } from '#web/components/money-input.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { cn } from '#web/lib/cn.ts';
import type { EditorValues } from '../lib/editor-values.ts';

export type EditorForm = UseFormReturn<EditorValues>;
type TextName = { [K in keyof EditorValues]: EditorValues[K] extends string ? K : never }[keyof EditorValues];
type BoolName = { [K in keyof EditorValues]: EditorValues[K] extends boolean ? K : never }[keyof EditorValues];

/** A labelled text input bound to the editor form, with its error (client or server) under it. */
export function TextField({
  form,
  name,
  label,
  hint,
  suffix,
  inputMode,
  placeholder,
  type = 'text',
  className,
  onValueChange,
  number,
}: {
  form: EditorForm;
  name: TextName;
  label: string;
  hint?: ReactNode;
  suffix?: string;
  inputMode?: 'numeric' | 'decimal' | 'url';
  placeholder?: string;
  type?: 'text' | 'url' | 'date';
  className?: string;
  onValueChange?: (value: string) => void;
  /** Money or a whole measure, typed through the shared MoneyInput (ADR 052). */
  number?: 'money' | 'whole';
}) {
  const id = `proposal-${name}`;
  const error = form.formState.errors[name]?.message;
  const registered = form.register(name, { onChange: (e) => onValueChange?.(String(e.target.value)) });
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {number ? (
        <MoneyInput
          id={id}
          rule={number === 'money' ? MONEY_RULE : WHOLE_RULE}
          unit={number === 'whole' ? suffix : undefined}
          placeholder={placeholder}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registered}
        />
      ) : (
        <div className="relative">
          <Input
            id={id}
            type={type}
            inputMode={inputMode}
            placeholder={placeholder}
            autoComplete="off"
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            className={suffix ? 'pr-12' : undefined}
            {...registered}
          />
          {suffix && (
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-muted-foreground">
              {suffix}
            </span>
          )}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
}

/** A switch with its label and a line saying what it changes. */
export function SwitchField({
  form,
  name,
  label,
  hint,
  onValueChange,
}: {
  form: EditorForm;
  name: BoolName;
  label: string;
  hint?: string;
  onValueChange?: (v: boolean) => void;
}) {
  const id = `proposal-${name}`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-3 rounded-md border p-3">
          <div className="grid gap-0.5">
            <Label htmlFor={id}>{label}</Label>
            {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
          </div>
          <Switch
            id={id}
            checked={field.value}
            onCheckedChange={(v) => {
              field.onChange(v);
              onValueChange?.(v);
            }}
          />
        </div>
      )}
    />
  );
}
