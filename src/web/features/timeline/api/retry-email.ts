import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendEmailResultSchema } from '#shared/schemas/email.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { AFTER_TIMELINE_CHANGE } from './timeline-keys.ts';

/** POST /api/email-outbox/{id}/retry: a failed e-mail goes back in the queue. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (outboxId: number) =>
      sendEmailResultSchema.parse(await apiRequest('POST', `/api/email-outbox/${outboxId}/retry`)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: AFTER_TIMELINE_CHANGE }),
  });
}
