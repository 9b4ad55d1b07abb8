import { queryOptions, useQuery } from '@tanstack/react-query';
import { exchangeRatesResponseSchema, type ExchangeRatesResponse } from '#shared/schemas/exchange-rates.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The same key the proposal editor reads, so a saved table reaches an open editor. */
export const RATES_KEY = ['/api/exchange-rates'] as const;

export async function getExchangeRates(): Promise<ExchangeRatesResponse> {
  return exchangeRatesResponseSchema.parse(await apiRequest('GET', '/api/exchange-rates'));
}

export const useExchangeRatesTable = () => useQuery(queryOptions({ queryKey: RATES_KEY, queryFn: getExchangeRates }));
