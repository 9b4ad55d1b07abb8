import { queryOptions, useQuery } from '@tanstack/react-query';
import { supplierListSchema, type Supplier } from '#shared/schemas/suppliers.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { SUPPLIERS_KEY } from './import-keys.ts';

/** GET /api/suppliers: the cost form's picker (every supplier, by name). */
export const suppliersQueryOptions = () =>
  queryOptions({
    queryKey: SUPPLIERS_KEY,
    queryFn: async (): Promise<Supplier[]> => supplierListSchema.parse(await apiRequest('GET', '/api/suppliers')),
  });

export const useSupplierOptions = () => useQuery(suppliersQueryOptions());
