import type { FieldValues, Resolver } from 'react-hook-form';

/** A stored decimal ('25000.00') as a form shows it ('25000'); '' for null. */
export function amountForInput(value: string | null): string {
  if (value === null) return '';
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : value;
}

/**
 * A budget as staff type it: '25000', '25 000', '25.000', '24999,50', '24.999,50', '24,999.50',
 * '€25000'. With both separators the last one is the decimal point; a lone comma is a decimal
 * comma; dots alone in groups of three digits group thousands.
 * Null when it is not a number.
 */
export function parseBudget(text: string): number | null {
  let s = text.replace(/[\s\u00a0€]/g, '');
  if (!s) return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    s = s.replace(/\./g, ''); // '25.000': dots grouping thousands, as Portuguese write it
  } else {
    s = s.replace(',', '.');
  }
  if (!/^-?\d*\.?\d+$/.test(s) && !/^-?\d+\.$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
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
