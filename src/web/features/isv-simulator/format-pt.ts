// Portuguese figures as the business writes them: dots between thousands, a comma before the
// cents, the euro sign after (1.234,56 €). Intl's pt-PT groups with spaces and leaves four-digit
// numbers ungrouped, so the grouping is done here. A no-break space keeps the sign on the figure.

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 123456 -> '123.456'. */
export function formatIntegerPt(n: number): string {
  const rounded = Math.round(n);
  return `${rounded < 0 ? '-' : ''}${group(String(Math.abs(rounded)))}`;
}

/** Cents -> '1.234,56 €' ('-899,41 €' when negative), with a no-break space before the €. */
export function formatEuroCents(cents: number): string {
  const c = Math.round(cents);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${group(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** Euros with at most two decimals (the engine's answers) -> '1.234,56 €'. */
export const formatEuro = (euros: number) => formatEuroCents(Math.round(euros * 100));

/** A rate in cents per unit, as the tables print it: 561 -> '5,61 €'. */
export const formatRateCents = formatEuroCents;

/** '2020-06-01' -> '01/06/2020'. */
export const formatDatePt = (ymd: string) => ymd.split('-').reverse().join('/');
