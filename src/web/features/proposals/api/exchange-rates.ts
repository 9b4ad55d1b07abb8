import { queryOptions, useQuery } from '@tanstack/react-query';
import { exchangeRatesResponseSchema, type ExchangeRatesResponse } from '#shared/schemas/exchange-rates.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/exchange-rates: the admin's table, to prefill a foreign-currency listing's rate (ADR 055). */
export async function getExchangeRates(): Promise<ExchangeRatesResponse> {
  return exchangeRatesResponseSchema.parse(await apiRequest('GET', '/api/exchange-rates'));
}

export const EXCHANGE_RATES_KEY = ['/api/exchange-rates'] as const;

export const exchangeRatesQueryOptions = () =>
  queryOptions({ queryKey: EXCHANGE_RATES_KEY, queryFn: getExchangeRates });

export const useExchangeRates = (enabled = true) => useQuery({ ...exchangeRatesQueryOptions(), enabled });
