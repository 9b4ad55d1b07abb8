import { trimTrailingZeros } from '#shared/number-input.ts';
import type { Db } from '#server/db/client.ts';
import type { ExchangeRate, ExchangeRatesResponse } from '#shared/schemas/exchange-rates.ts';
import * as repo from './exchange-rates.repository.ts';

/** The admin's rate table (ADR 055): the editor prefills a foreign-currency listing's rate from it. */
export function createExchangeRatesService(deps: { db: Db }) {
  const { db } = deps;
  // numeric comes back as '0.234500': shown as typed, without trailing zeros.
  const trim = trimTrailingZeros;
  const list = async (): Promise<ExchangeRatesResponse> => ({
    rates: (await repo.listRates(db)).map((r) => ({ ...r, eurPerUnit: trim(r.eurPerUnit) })),
  });
  return {
    list,
    async replace(rates: ExchangeRate[]): Promise<ExchangeRatesResponse> {
      await db.transaction((tx) => repo.replaceRates(tx, rates));
      return list();
    },
  };
}

export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;
