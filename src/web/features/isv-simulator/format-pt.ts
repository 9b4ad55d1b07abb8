import { formatEuroCents } from '#shared/money-format.ts';

// Portuguese figures that are not money: dots between thousands (1.395 cm³). Intl's pt-PT groups
// with spaces and leaves four-digit numbers ungrouped, so the grouping is done here.

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 123456 -> '123.456'. */
export function formatIntegerPt(n: number): string {
  const rounded = Math.round(n);
  return `${rounded < 0 ? '-' : ''}${group(String(Math.abs(rounded)))}`;
}

/** Money follows the public pages' rule: cents -> '€1 234,56' ('-€899,41'). */
export { formatEuroCents };

/** Euros with at most two decimals (the engine's answers) -> '€1 234,56'. */
export const formatEuro = (euros: number) => formatEuroCents(Math.round(euros * 100));

/** A rate in cents per unit, as the tables print it: 561 -> '€5,61'. */
export const formatRateCents = formatEuroCents;

/** '2020-06-01' -> '01/06/2020'. */
export const formatDatePt = (ymd: string) => ymd.split('-').reverse().join('/');
