import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { MONEY_RULE } from '#shared/number-input.ts';
import { MoneyInput, WHOLE_RULE } from '#web/components/money-input.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { LEAD_NOTES_MAX } from '#shared/schemas/leads.ts';
import { Field, MakeInput, OptionSelect, type Option } from './lead-fields.tsx';

/** One field of a lead form: a text input (default), the make with suggestions, a select or a text area. */
export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'make' | 'select' | 'textarea';
  type?: 'text' | 'email' | 'tel' | 'url';
  inputMode?: 'numeric' | 'decimal';
  /** Money or a whole measure, typed through the shared MoneyInput (ADR 052). */
  number?: 'money' | 'whole';
  placeholder?: string;
  options?: Option[];
  /** A 'Not specified' entry that stands for null. */
  allowNone?: boolean;
  hint?: string;
  /** Spans both columns. */
  wide?: boolean;
}

/** Renders `specs` bound to a react-hook-form form; errors (client or server) show under each field. */
export function FormFields<T extends FieldValues>({
  form,
  specs,
  idPrefix,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  specs: FieldSpec[];
  idPrefix: string;
}) {
  const errors = form.formState.errors;
  return specs.map((spec) => {
    const id = `${idPrefix}-${spec.name}`;
    const name = spec.name as Path<T>;
    const error = errors[spec.name]?.message;
    const message = typeof error === 'string' ? error : undefined;
    const aria = { id, 'aria-invalid': !!message, 'aria-describedby': message ? `${id}-error` : undefined };
    let control;
    if (spec.kind === 'select') {
      control = (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <OptionSelect
              id={id}
              value={field.value}
              onChange={field.onChange}
              options={spec.options ?? []}
              allowNone={spec.allowNone}
              invalid={!!message}
            />
          )}
        />
      );
    } else if (spec.kind === 'textarea') {
      control = <Textarea maxLength={LEAD_NOTES_MAX} className="min-h-20" {...aria} {...form.register(name)} />;
    } else {
      const props = {
        ...aria,
        type: spec.type ?? 'text',
        inputMode: spec.inputMode,
        placeholder: spec.placeholder,
        autoComplete: 'off',
        ...form.register(name),
      };
      if (spec.number) {
        const { type: _type, inputMode: _mode, ...rest } = props;
        control = <MoneyInput {...rest} rule={spec.number === 'money' ? MONEY_RULE : WHOLE_RULE} />;
      } else control = spec.kind === 'make' ? <MakeInput {...props} /> : <Input {...props} />;
    }
    return (
      <Field
        key={spec.name}
        id={id}
        label={spec.label}
        error={message}
        hint={spec.hint}
        className={spec.wide ? 'sm:col-span-2' : undefined}
      >
        {control}
      </Field>
    );
  });
}
