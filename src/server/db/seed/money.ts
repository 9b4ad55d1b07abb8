// Seed amounts are computed in integer cents and stored as the decimal strings numeric columns take.

/** 2345000 -> '23450.00' */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '23450.00' -> 2345000 */
export function decimalToCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Whole euros to cents, rounded to a multiple of `step` euros (prices people actually ask). */
export function roundEuros(euros: number, step: number): number {
  return Math.round(euros / step) * step * 100;
}

/** Portuguese display of an amount in cents, e.g. 2345000 -> '23 450,00' (used inside e-mail texts). */
export function formatEuros(cents: number): string {
  const [whole, frac] = centsToDecimal(cents).split('.') as [string, string];
  return `${groupThousands(Number(whole))},${frac}`;
}

/** 23450 -> '23 450' (Portuguese grouping, independent of the ICU data Node ships). */
export function groupThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
