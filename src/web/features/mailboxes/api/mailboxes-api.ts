import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authUrlSchema,
  gmailStatusSchema,
  mailboxStatusSchema,
  testResultSchema,
  type ConnectImapInput,
  type GmailStatus,
  type MailAccount,
} from '#shared/schemas/mailboxes.ts';
import { apiRequest, getQueryFn } from '#web/lib/api-client.ts';

export const GMAIL_STATUS_KEY = ['/api/gmail/status'] as const;

/** GET /api/gmail/status (admins): both mailboxes with their sync health. */
export const gmailStatusQuery = queryOptions({
  queryKey: GMAIL_STATUS_KEY,
  queryFn: async (ctx): Promise<GmailStatus> => gmailStatusSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
  refetchInterval: 60_000,
});

export const useGmailStatus = (enabled = true) => useQuery({ ...gmailStatusQuery, enabled });

function useStatusMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: GMAIL_STATUS_KEY }),
  });
}

/** POST /api/gmail/connect/{account}: tested by the server before it is saved. */
export const useConnectImap = () =>
  useStatusMutation(async ({ account, body }: { account: MailAccount; body: ConnectImapInput }) =>
    mailboxStatusSchema.parse(await apiRequest('POST', `/api/gmail/connect/${account}`, body)),
  );

/** GET /api/gmail/auth/{account}: Google's consent URL. */
export async function googleAuthUrl(account: MailAccount, loginHint?: string): Promise<string> {
  const query = loginHint ? `?loginHint=${encodeURIComponent(loginHint)}` : '';
  return authUrlSchema.parse(await apiRequest('GET', `/api/gmail/auth/${account}${query}`)).authUrl;
}

export const useDisconnect = () =>
  useStatusMutation(async (account: MailAccount) =>
    apiRequest<{ message: string; revoked: boolean }>('POST', `/api/gmail/disconnect/${account}`),
  );

export const useTestConnection = () =>
  useStatusMutation(async () => testResultSchema.parse(await apiRequest('POST', '/api/gmail/test')));
