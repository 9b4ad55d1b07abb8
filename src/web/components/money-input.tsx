import { useLayoutEffect, useRef, useState, type ComponentProps, type Ref } from 'react';
import {
  formatNumberInput,
  MONEY_RULE,
  parseNumberInput,
  type NumberInputLang,
  type NumberInputRule,
} from '#shared/number-input.ts';
import { formatEuro } from '#web/lib/money.ts';
import { Input } from './ui/input.tsx';

/** How a read value is shown back: money as the back office writes euros, measures with their unit. */
function shown(value: string, rule: NumberInputRule, lang: NumberInputLang, unit?: string): string {
  if (rule.fixed && rule.decimals === 2 && !unit) {
    return lang === 'en' ? (formatEuro(value) ?? value) : `${formatNumberInput(value, 'pt')}\u00a0€`;
  }
  const text = formatNumberInput(value, lang);
  return unit ? `${text}\u00a0${unit}` : text;
}

export type MoneyInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** What the field holds: money by default (ADR 052). */
  rule?: NumberInputRule;
  /** Unit shown after the value read back ('km', 'g/km'). */
  unit?: string;
  lang?: NumberInputLang;
};

/**
 * The one input for money and measures (docs/rulings.md ruling 24, ADR 052): a text field that
 * accepts '180,50', '1 234,56', '1.234,56', '1,234.56' or '€ 180', and says under it what it read
 * ('Reads as €180.50') or why it cannot ('could be read two ways'), before anything is saved. It
 * works with react-hook-form's `register` (uncontrolled) or with `value` and `onChange`.
 */
export function MoneyInput({ rule = MONEY_RULE, unit, lang = 'en', ref, onChange, id, ...props }: MoneyInputProps) {
  const inner = useRef<HTMLInputElement | null>(null);
  const controlled = typeof props.value === 'string' ? props.value : null;
  const [typed, setTyped] = useState(controlled ?? (typeof props.defaultValue === 'string' ? props.defaultValue : ''));
  // Uncontrolled (react-hook-form's register): the element holds the text, and a form reset writes
  // it without an event, so each render reads it; `typed` re-renders on typing and after mount.
  const text = controlled ?? inner.current?.value ?? typed;
  useLayoutEffect(() => {
    if (controlled === null && inner.current) setTyped(inner.current.value);
  }, [controlled]);
  const setRef = (el: HTMLInputElement | null) => {
    inner.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) (ref as { current: HTMLInputElement | null }).current = el;
  };
  // The form's own error, when it shows one, wins over the line under the input (as FormField's hint).
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  const read = text.trim() === '' || invalid ? null : parseNumberInput(text, { ...rule, lang });
  const readsId = `${id ?? props.name ?? 'number'}-reads`;
  const describedBy = [props['aria-describedby'], read ? readsId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1">
      <Input
        {...props}
        id={id}
        ref={setRef as Ref<HTMLInputElement>}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-describedby={describedBy}
        onChange={(e) => {
          setTyped(e.target.value);
          onChange?.(e);
        }}
      />
      {read && (
        <p
          id={readsId}
          data-testid="number-reads"
          className={read.ok ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}
        >
          {read.ok ? `${lang === 'pt' ? 'Lê-se' : 'Reads as'} ${shown(read.value, rule, lang, unit)}` : read.message}
        </p>
      )}
    </div>
  );
}

/** A whole measure: mileage, engine size, CO2, range. */
export const WHOLE_RULE: NumberInputRule = { decimals: 0, units: ['km', 'cc', 'cm3', 'cm³', 'g/km'] };
