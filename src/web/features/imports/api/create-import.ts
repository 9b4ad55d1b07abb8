import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importSchema, type Import, type ImportCreateInput } from '#shared/schemas/imports.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { DASHBOARD_KEY, IMPORTS_KEY } from './import-keys.ts';

/** POST /api/imports; with a leadId the server marks the lead converted in the same transaction. */
export async function createImport(data: ImportCreateInput): Promise<Import> {
  return importSchema.parse(await apiRequest('POST', '/api/imports', data));
}

export function useCreateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImport,
    onSuccess: (created) => {
      queryClient.setQueryData(['/api/imports', created.id], created);
      void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      // The lead became converted: its detail, the leads list and its timeline.
      void queryClient.invalidateQueries({ queryKey: ['/api/leads'] });
    },
  });
}
