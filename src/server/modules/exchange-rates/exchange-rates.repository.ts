import { asc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { exchangeRates } from '#server/db/schema/settings.ts';
import type { ExchangeRate } from '#shared/schemas/exchange-rates.ts';

export async function listRates(db: DbOrTx) {
  return db
    .select({
      currency: exchangeRates.currency,
      eurPerUnit: exchangeRates.eurPerUnit,
      rateDate: exchangeRates.rateDate,
    })
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.currency));
}

/** The table becomes exactly `rates`. */
export async function replaceRates(tx: DbOrTx, rates: ExchangeRate[]) {
  await tx.delete(exchangeRates);
  if (rates.length > 0) await tx.insert(exchangeRates).values(rates);
}
