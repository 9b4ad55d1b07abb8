import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  supplierListSchema,
  supplierSchema,
  type Supplier,
  type SupplierCreateInput,
  type SupplierUpdateInput,
} from '#shared/schemas/suppliers.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Suppliers and their totals; the import detail's cost picker reads the same key. */
export const SUPPLIERS_KEY = ['/api/suppliers'] as const;

export const suppliersQueryOptions = () =>
  queryOptions({
    queryKey: SUPPLIERS_KEY,
    queryFn: async (): Promise<Supplier[]> => supplierListSchema.parse(await apiRequest('GET', '/api/suppliers')),
  });

/** GET /api/suppliers: every supplier by name, each with its totals. */
export const useSuppliers = () => useQuery(suppliersQueryOptions());

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY });
}

/** POST /api/suppliers. */
export function useCreateSupplier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (data: SupplierCreateInput) =>
      supplierSchema.parse(await apiRequest('POST', '/api/suppliers', data)),
    onSuccess: refresh,
  });
}

/** PUT /api/suppliers/{id} with the version read. */
export function useUpdateSupplier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, data }: { id: number; data: SupplierUpdateInput }) =>
      supplierSchema.parse(await apiRequest('PUT', `/api/suppliers/${id}`, data)),
    onSuccess: refresh,
  });
}

/** DELETE /api/suppliers/{id} with If-Match; refused (409) while the supplier has costs. */
export function useDeleteSupplier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, version }: { id: number; version: number }) => {
      await apiRequest('DELETE', `/api/suppliers/${id}`, undefined, { 'if-match': `"${version}"` });
    },
    onSuccess: refresh,
  });
}
