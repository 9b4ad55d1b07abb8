import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkResultSchema, importLeadResultSchema } from '#shared/schemas/mailboxes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY } from './lead-keys.ts';

/** POST /api/gmail/check: the last 24 hours of both mailboxes, now. */
export function useCheckEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => checkResultSchema.parse(await apiRequest('POST', '/api/gmail/check')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}

/** POST /api/gmail/import-lead: the lead from the e-mail that carries the reference. */
export function useImportLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reference: string) =>
      importLeadResultSchema.parse(await apiRequest('POST', '/api/gmail/import-lead', { reference })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}
