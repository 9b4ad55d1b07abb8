import { fromCents, toCents } from '#shared/imports/finance.ts';
import { formatEuro } from '#web/lib/money.ts';

/** Staff money to the cent: '€1 234.50' (the imports screens' format). */
export function euros(amount: string): string {
  const text = formatEuro(fromCents(toCents(amount))) ?? amount;
  return /\.\d{2}$/.test(text) ? text : `${text}.00`;
}

/** Whole euros for chart axes: '€12K', '€850'. */
export function eurosShort(value: number): string {
  if (Math.abs(value) >= 1000) return `€${Math.round(value / 100) / 10}K`;
  return `€${Math.round(value)}`;
}

export const amount = (decimal: string) => Number(decimal);

/** '37.5%' or '—' when there is nothing to divide by. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${rate.toFixed(1)}%`);

/** Hours as people say them: '45 min', '4.0 h', '2.5 days'. */
export function duration(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '2025-03' -> 'Mar 2025'. */
export const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));
/** '2025-03-03' -> 'Mar 3'. */
export const dayLabel = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
/** '2025-03-03' -> 'Mar 3, 2025'. */
export const dayYearLabel = (day: string) => DAY_YEAR.format(new Date(`${day}T00:00:00Z`));
