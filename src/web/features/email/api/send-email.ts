import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sendContextSchema,
  sendEmailResultSchema,
  type SendContext,
  type SendEmailInput,
  type SendEmailResult,
} from '#shared/schemas/email.ts';
import { apiRequest, getQueryFn } from '#web/lib/api-client.ts';

/** GET /api/leads/{id}/send-email: the mailbox a reply leaves from, whether it is connected, its signature. */
export const sendContextQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: ['/api/leads', leadId, 'send-email'] as const,
    queryFn: async (ctx): Promise<SendContext> => sendContextSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
  });
export const useSendContext = (leadId: number, enabled: boolean) =>
  useQuery({ ...sendContextQueryOptions(leadId), enabled });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POST /api/leads/{id}/send-email records the message; then its state is followed for a few
 * seconds, so the dialog can say it left ('sent') or that it waits in the queue ('queued').
 */
export async function sendEmail(leadId: number, data: SendEmailInput, followMs = 6000): Promise<SendEmailResult> {
  let result = sendEmailResultSchema.parse(await apiRequest('POST', `/api/leads/${leadId}/send-email`, data));
  const until = Date.now() + followMs;
  while ((result.status === 'queued' || result.status === 'sending') && Date.now() < until) {
    await sleep(400);
    result = sendEmailResultSchema.parse(await apiRequest('GET', `/api/email-outbox/${result.outboxId}`));
    // A failed attempt that will be retried stays queued with its reason: no need to wait longer.
    if (result.status === 'queued' && result.error) break;
  }
  return result;
}

export function useSendEmail(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: SendEmailInput) => sendEmail(leadId, data),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['/api/leads'] }),
  });
}
