import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  failedMessagesSchema,
  importAsTextResultSchema,
  type FailedMessages,
  type MailAccount,
} from '#shared/schemas/mailboxes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { GMAIL_STATUS_KEY } from './mailboxes-api.ts';

/**
 * Under the status key, so a mailbox_status event (a sync ended) refreshes the list too (ADR 064).
 */
const failedKey = (account: MailAccount) => [...GMAIL_STATUS_KEY, 'failed', account] as const;

/** GET /api/gmail/{account}/failed-messages (admins): messages the sync could not import. */
export const failedMessagesQuery = (account: MailAccount) =>
  queryOptions({
    queryKey: failedKey(account),
    queryFn: async (): Promise<FailedMessages> =>
      failedMessagesSchema.parse(await apiRequest('GET', `/api/gmail/${account}/failed-messages`)),
    refetchInterval: 60_000,
  });

export const useFailedMessages = (account: MailAccount, enabled: boolean) =>
  useQuery({ ...failedMessagesQuery(account), enabled });

/** POST /api/gmail/failed-messages/{id}/import-as-text: the lead or timeline entry made from its text. */
export function useImportAsText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      importAsTextResultSchema.parse(await apiRequest('POST', `/api/gmail/failed-messages/${id}/import-as-text`)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: GMAIL_STATUS_KEY }),
  });
}
