import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signatureSchema, type MailboxAccount, type Signature } from '#shared/schemas/email.ts';
import { apiRequest, getQueryFn } from '#web/lib/api-client.ts';

export const signatureKey = (account: MailboxAccount) => ['/api/gmail/signature', account] as const;

/** GET /api/gmail/signature/{source}: {signature}. */
export const signatureQueryOptions = (account: MailboxAccount) =>
  queryOptions({
    queryKey: signatureKey(account),
    queryFn: async (ctx): Promise<Signature> => signatureSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
  });
export const useSignature = (account: MailboxAccount) => useQuery(signatureQueryOptions(account));

/** PUT /api/gmail/signature/{source} (admins): answered sanitised, as it will be sent. */
export function useSaveSignature(account: MailboxAccount) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: { signature: string; version: number }) =>
      signatureSchema.parse(await apiRequest('PUT', `/api/gmail/signature/${account}`, data)),
    onSuccess: (saved) => queryClient.setQueryData(signatureKey(account), saved),
  });
}
