import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  exchangeRatesResponseSchema,
  type ExchangeRatesResponse,
  type ExchangeRatesUpdate,
} from '#shared/schemas/exchange-rates.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { RATES_KEY } from './get-exchange-rates.ts';

/** PUT /api/exchange-rates: the whole table (admins). */
export async function saveExchangeRates(body: ExchangeRatesUpdate): Promise<ExchangeRatesResponse> {
  return exchangeRatesResponseSchema.parse(await apiRequest('PUT', '/api/exchange-rates', body));
}

export function useSaveExchangeRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveExchangeRates,
    onSuccess: (data) => client.setQueryData(RATES_KEY, data),
  });
}
