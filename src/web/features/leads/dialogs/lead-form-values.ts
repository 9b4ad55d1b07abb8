import { parseMoneyInput } from '#shared/number-input.ts';
import type { FieldValues, Resolver } from 'react-hook-form';

/** A stored decimal ('25000.00') as a form shows it ('25000'); '' for null. */
export function amountForInput(value: string | null): string {
  if (value === null) return '';
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : value;
}

/**
 * A budget as staff type it, read by the shared parser (ADR 052): '25000', '25 000', '24999,50',
 * '24.999,50', '24,999.50', '€25000'. Null when it is not an amount or is ambiguous ('25.000'),
 * so the contract refuses the text with the parser's message.
 */
export function parseBudget(text: string): number | null {
  const r = parseMoneyInput(text, { negative: true });
  return r.ok ? Number(r.value) : null;
}

/**
 * Money fields typed the way staff write them ('25.000', '24.999,50') reach the contract's money
 * input as numbers; text that is no amount is left for the contract to refuse.
 */
export function withMoneyFields<T extends FieldValues, O>(
  resolver: Resolver<T, unknown, O>,
  fields: readonly string[],
): Resolver<T, unknown, O> {
  return (values, context, options) => {
    const copy: Record<string, unknown> = { ...values };
    for (const field of fields) {
      const v = copy[field];
      if (typeof v === 'string' && v.trim()) copy[field] = parseBudget(v) ?? v;
    }
    return resolver(copy as T, context, options);
  };
}
