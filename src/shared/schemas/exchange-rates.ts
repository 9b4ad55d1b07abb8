import { z } from 'zod';
import { RATE_PATTERN } from '#shared/proposals/currency.ts';

/** One row of the admin's rate table (ADR 055): euros per unit of a currency, and the rate's date. */
export const exchangeRateSchema = z.object({
  currency: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string('Enter a currency code')
      .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as PLN')
      .refine((c) => c !== 'EUR', 'Prices in euros need no rate'),
  ),
  eurPerUnit: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v),
    z
      .string('Enter the rate')
      .regex(RATE_PATTERN, 'Rate must be euros per unit, e.g. 0.2345')
      .refine((r) => Number(r) > 0, 'Rate must be above zero'),
  ),
  rateDate: z.string('Enter the date of the rate').regex(/^\d{4}-\d{2}-\d{2}$/, 'Rate date must be written YYYY-MM-DD'),
});
export type ExchangeRate = z.output<typeof exchangeRateSchema>;

/** PUT /api/exchange-rates: the whole table; a currency left out is removed. */
export const exchangeRatesUpdateSchema = z.object({
  rates: z
    .array(exchangeRateSchema)
    .max(50, 'At most 50 currencies')
    .refine((rs) => new Set(rs.map((r) => r.currency)).size === rs.length, 'Each currency once'),
});
export type ExchangeRatesUpdate = z.input<typeof exchangeRatesUpdateSchema>;

export const exchangeRatesResponseSchema = z.object({
  rates: z.array(z.object({ currency: z.string(), eurPerUnit: z.string(), rateDate: z.string() })),
});
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponseSchema>;
