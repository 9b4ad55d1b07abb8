import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importSchema, type Import, type ImportUpdateInput } from '#shared/schemas/imports.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { DASHBOARD_KEY, IMPORTS_KEY, importKey } from './import-keys.ts';

/** PUT /api/imports/{id} with any subset of the fields and the version the screen read. */
export async function updateImport(id: number, data: ImportUpdateInput): Promise<Import> {
  return importSchema.parse(await apiRequest('PUT', `/api/imports/${id}`, data));
}

/** Every write of the detail: the answer is the saved import, shown at once; lists refresh after. */
export function useUpdateImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ImportUpdateInput) => updateImport(id, data),
    onSuccess: (saved) => {
      queryClient.setQueryData(importKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, predicate: (q) => q.queryKey[1] === 'list' });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}
