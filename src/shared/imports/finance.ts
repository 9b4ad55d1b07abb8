import { parseMoneyInput } from '#shared/number-input.ts';
/**
 * An import's finances (docs/imports-api.md), exact to the cent: decimal strings in and out,
 * integer cents (BigInt) in between, never floating point.
 *
 * - costs invoiced to us = sum of the costs flagged invoicedToUs;
 * - costs passed along = every other cost;
 * - our invoice value = service price - costs passed along;
 * - profit = service price - all costs (the list's profit too). A missing service price counts as 0.
 */

/** A decimal amount as the database and the API carry it: optional sign, digits, up to two decimals. */
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** '1234.5' -> 123450n; null, undefined and '' -> 0n. Throws on anything that is not a decimal amount. */
export function toCents(amount: string | null | undefined): bigint {
  if (amount === null || amount === undefined || amount === '') return 0n;
  const m = DECIMAL.exec(amount.trim());
  if (!m) throw new RangeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** 123450n -> '1234.50'; -5n -> '-0.05'. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${rest}`;
}

/** Sum of decimal amounts, exact. */
export function sumAmounts(amounts: Iterable<string | null | undefined>): string {
  let total = 0n;
  for (const a of amounts) total += toCents(a);
  return fromCents(total);
}

export interface FinanceCost {
  value: string;
  invoicedToUs: boolean;
}

export interface ImportFinance {
  /** Sum of every cost. */
  costsTotal: string;
  /** Sum of the costs flagged invoicedToUs. */
  costsInvoicedToUs: string;
  /** Sum of the other costs (paid by us and passed along to the customer's invoice). */
  costsPassedAlong: string;
  /** Service price minus the costs passed along. */
  ourInvoiceValue: string;
  /** Service price minus every cost; negative is a loss (shown red). */
  profit: string;
}

export function importFinance(servicePrice: string | null, costs: readonly FinanceCost[]): ImportFinance {
  const service = toCents(servicePrice);
  let invoicedToUs = 0n;
  let passedAlong = 0n;
  for (const c of costs) {
    if (c.invoicedToUs) invoicedToUs += toCents(c.value);
    else passedAlong += toCents(c.value);
  }
  const all = invoicedToUs + passedAlong;
  return {
    costsTotal: fromCents(all),
    costsInvoicedToUs: fromCents(invoicedToUs),
    costsPassedAlong: fromCents(passedAlong),
    ourInvoiceValue: fromCents(service - passedAlong),
    profit: fromCents(service - all),
  };
}

/** The list's profit: service price minus the sum of the costs (the sum computed by the database). */
export const listProfit = (servicePrice: string | null, costsTotal: string | null): string =>
  fromCents(toCents(servicePrice) - toCents(costsTotal));

/** Whether an amount is below zero (profit shown red). */
export const isNegative = (amount: string): boolean => toCents(amount) < 0n;

/** Largest amount a money column holds: numeric(15, 2). */
export const MAX_AMOUNT_CENTS = 9_999_999_999_999_99n;

/**
 * Euros typed by staff or sent by a client, as a decimal string with two places, or null when the
 * text is not an amount: '24500', '24500.5', '24 500,50', '24.500,50 €', '1,234.56', and numbers.
 * Text is read by the one shared parser (ADR 052): '1.234' is ambiguous and refused. Exact: digits
 * are moved as text, never through a float.
 */
export function parseEurosExact(input: string | number): string | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // A JSON number: its shortest decimal text is what the client meant (0.1 -> '0.1').
    input = String(input);
    if (/e/i.test(input)) return null;
  }
  const r = parseMoneyInput(input, { negative: true });
  return r.ok ? fromCents(toCents(r.value)) : null;
}
