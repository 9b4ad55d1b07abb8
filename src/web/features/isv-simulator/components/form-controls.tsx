import type { ReactNode } from 'react';

// Plain class strings, not components/ui's Input and Label (tailwind-merge and Radix): the page is
// a public one (docs/decisions/009-public-site.md), and these load with its hydration.
const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');
const labelClass = 'flex items-center gap-2 text-sm font-medium select-none';
const inputClass =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-transparent py-1 text-base shadow-xs transition-[color,box-shadow] outline-none selection:bg-primary selection:text-primary-foreground placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40';

const describedBy = (id: string, help?: ReactNode, error?: string) =>
  [error ? `${id}-erro` : null, help ? `${id}-ajuda` : null].filter(Boolean).join(' ') || undefined;

function FieldMessages({ id, help, error }: { id: string; help?: ReactNode; error?: string }) {
  return (
    <>
      {error && (
        <p id={`${id}-erro`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {help && (
        <p id={`${id}-ajuda`} className="text-xs leading-relaxed text-muted-foreground">
          {help}
        </p>
      )}
    </>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Unit shown inside the box (the label names it too, for screen readers). */
  unit?: string;
  type?: 'text' | 'date';
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  help?: ReactNode;
  error?: string;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  unit,
  type = 'text',
  inputMode,
  placeholder,
  help,
  error,
}: TextFieldProps) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className={cx(labelClass, 'leading-none')}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={id}
          type={type}
          inputMode={inputMode}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, help, error)}
          data-slot="input"
          className={cx(inputClass, unit ? 'pl-3 pr-14' : 'px-3')}
        />
        {unit && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
          >
            {unit}
          </span>
        )}
      </div>
      <FieldMessages id={id} help={help} error={error} />
    </div>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: Choice<T>[];
  onChange: (value: T) => void;
  help?: ReactNode;
  error?: string;
  /** Grid columns from the sm breakpoint up. */
  columns?: 2 | 3 | 4;
}

/** Radio buttons drawn as selectable boxes: native inputs, so keyboard and screen readers just work. */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  help,
  error,
  columns = 2,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className="grid min-w-0 gap-1.5" aria-describedby={describedBy(name, help, error)}>
      <legend className="mb-1.5 text-sm leading-none font-medium">{legend}</legend>
      <div
        className={cx('grid grid-cols-2 gap-2', columns === 3 && 'sm:grid-cols-3', columns === 4 && 'sm:grid-cols-4')}
      >
        {options.map((o) => {
          const id = `${name}-${o.value}`;
          return (
            <label
              key={o.value}
              htmlFor={id}
              className={cx(
                'flex cursor-pointer items-start gap-2.5 rounded-md border border-input px-3 py-2.5 text-sm transition-colors hover:bg-accent/60',
                'has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50 dark:has-checked:bg-primary/15',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                // A click on the box already shown as chosen still counts (the CO2 cycle shows an
                // assumed value until the user confirms one).
                onClick={() => value === o.value && onChange(o.value)}
                aria-labelledby={`${id}-nome`}
                aria-describedby={o.hint ? `${id}-dica` : undefined}
                className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
              />
              <span className="grid gap-0.5">
                <span id={`${id}-nome`} className="leading-tight font-medium">
                  {o.label}
                </span>
                {o.hint && (
                  <span id={`${id}-dica`} className="text-xs text-muted-foreground">
                    {o.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldMessages id={name} help={help} error={error} />
    </fieldset>
  );
}

interface CheckFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  help?: ReactNode;
}

export function CheckField({ id, label, checked, onChange, help }: CheckFieldProps) {
  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={describedBy(id, help)}
          className="mt-0.5 size-4 shrink-0 rounded accent-primary"
        />
        <label htmlFor={id} className={cx(labelClass, 'leading-snug')}>
          {label}
        </label>
      </div>
      <FieldMessages id={id} help={help} />
    </div>
  );
}
