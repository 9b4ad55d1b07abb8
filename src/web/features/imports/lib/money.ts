import { fromCents, isNegative, toCents } from '#shared/imports/finance.ts';
import { formatEuro } from '#web/lib/money.ts';

/** Whole euros for the lists: half a euro and more rounds away from zero ('€1 235', '-€12'). */
export function formatEuroRounded(amount: string | null): string | null {
  if (amount === null) return null;
  let cents: bigint;
  try {
    cents = toCents(amount);
  } catch {
    return null;
  }
  const negative = cents < 0n;
  const euros = ((negative ? -cents : cents) + 50n) / 100n;
  return formatEuro(`${negative && euros > 0n ? '-' : ''}${euros}`);
}

/** To the cent, cents always shown on the detail ('€1 234.50', '€0.00'). */
export function formatEuroCents(amount: string | null): string | null {
  if (amount === null) return null;
  let text: string;
  try {
    text = fromCents(toCents(amount));
  } catch {
    return null;
  }
  const formatted = formatEuro(text);
  if (formatted === null) return null;
  return /\.\d{2}$/.test(formatted) ? formatted : `${formatted}.00`;
}

/** Profit below zero shows red. */
export const profitClass = (profit: string) =>
  isNegative(profit) ? 'text-red-600 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400';
