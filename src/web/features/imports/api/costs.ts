import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importCostSchema, type ImportCost } from '#shared/schemas/imports.ts';
import { type CostCreateInput, type CostUpdateInput } from '#shared/schemas/import-costs.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { DASHBOARD_KEY, IMPORTS_KEY, SUPPLIERS_KEY, importKey } from './import-keys.ts';

/** POST /api/imports/{id}/costs. */
export async function addCost(importId: number, data: CostCreateInput): Promise<ImportCost> {
  return importCostSchema.parse(await apiRequest('POST', `/api/imports/${importId}/costs`, data));
}

/** PUT /api/import-costs/{id}: the full fields or only the flags, with the cost's version. */
export async function updateCost(costId: number, data: CostUpdateInput): Promise<ImportCost> {
  return importCostSchema.parse(await apiRequest('PUT', `/api/import-costs/${costId}`, data));
}

/** DELETE /api/import-costs/{id} with If-Match: the version read (a cost changed meanwhile is not deleted blind). */
export async function deleteCost(costId: number, version: number): Promise<void> {
  await apiRequest('DELETE', `/api/import-costs/${costId}`, undefined, { 'if-match': `"${version}"` });
}

/** After any cost write the import's finances changed: its detail, the list's costs and profit, supplier totals. */
function useRefreshAfterCost(importId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: importKey(importId) }),
      queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, predicate: (q) => q.queryKey[1] === 'list' }),
      queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    ]);
}

export function useAddCost(importId: number) {
  const refresh = useRefreshAfterCost(importId);
  return useMutation({ mutationFn: (data: CostCreateInput) => addCost(importId, data), onSuccess: refresh });
}

export function useUpdateCost(importId: number) {
  const refresh = useRefreshAfterCost(importId);
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: CostUpdateInput }) => updateCost(id, data),
    onSuccess: refresh,
  });
}

export function useDeleteCost(importId: number) {
  const refresh = useRefreshAfterCost(importId);
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteCost(id, version),
    onSuccess: refresh,
  });
}
