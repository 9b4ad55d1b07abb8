import { queryOptions, useQuery } from '@tanstack/react-query';
import { moneyOwedSchema, type MoneyOwed } from '#shared/schemas/money-owed.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/money/owed (ADR 067); read afresh each time the screen opens. */
export const MONEY_OWED_KEY = ['/api/money/owed'] as const;

export async function getMoneyOwed(): Promise<MoneyOwed> {
  return moneyOwedSchema.parse(await apiRequest('GET', '/api/money/owed'));
}

export const useMoneyOwed = () =>
  useQuery(queryOptions({ queryKey: MONEY_OWED_KEY, queryFn: getMoneyOwed, staleTime: 0 }));

/** The CSV (Portuguese format: semicolons, decimal comma); a plain link downloads it with the session cookie. */
export const MONEY_OWED_CSV_URL = '/api/money/owed.csv?format=pt';
