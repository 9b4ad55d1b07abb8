// Listings priced in another currency (ADR 055): the price as listed, a rate in euros per unit, and
// the euro price the tax engine and the customer see.

/** Exactly '12.345678'-style rate: up to 6 decimals, above zero. */
export const RATE_PATTERN = /^\d{1,8}(\.\d{1,6})?$/;

const scaled = (decimal: string, places: number): bigint => {
  const [whole, frac = ''] = decimal.split('.');
  return BigInt(`${whole}${frac.padEnd(places, '0').slice(0, places)}`);
};

/**
 * The euro price of `listed` (a decimal string, 2 places) at `rate` euros per unit, rounded half up
 * to the cent, in integers so no float drift reaches a customer's total. Null when either is unusable.
 */
export function euroPrice(listed: string | null, rate: string | null): string | null {
  if (!listed || !rate || !/^\d{1,12}(\.\d{1,2})?$/.test(listed) || !RATE_PATTERN.test(rate)) return null;
  const product = scaled(listed, 2) * scaled(rate, 6); // cents x 10^6
  if (product === 0n) return null;
  const cents = (product + 500_000n) / 1_000_000n;
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** A currency other than the euro: its price needs a rate before it is a euro price. */
export const isForeignCurrency = (currency: string | null | undefined): currency is string =>
  !!currency && currency.toUpperCase() !== 'EUR';
