import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inboxCountSchema, inboxPageSchema, type InboxFilter, type InboxPage } from '#shared/schemas/inbox.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY } from './lead-keys.ts';

/**
 * Inbox keys start with '/api/leads': the live lead events (a customer's e-mail, a reply sent, an
 * owner changed) refresh the inbox and its count with the list (src/web/lib/realtime.ts).
 */
export const inboxKey = (filter: InboxFilter) => ['/api/leads', 'inbox', filter] as const;
export const INBOX_COUNT_KEY = ['/api/leads', 'inbox-count'] as const;
/** The sidebar's count also polls, like the bell, in case a live event was missed. */
const INBOX_POLL_MS = 30_000;

/** GET /api/inbox, page after page. */
export function useInbox(filter: InboxFilter) {
  return useInfiniteQuery({
    queryKey: inboxKey(filter),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<InboxPage> => {
      const params = new URLSearchParams({ filter });
      if (pageParam) params.set('cursor', pageParam);
      return inboxPageSchema.parse(await apiRequest('GET', `/api/inbox?${params.toString()}`));
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/inbox/count: unread conversations that are mine or nobody's. */
export function useInboxCount(enabled = true) {
  return useQuery({
    queryKey: INBOX_COUNT_KEY,
    queryFn: async () => inboxCountSchema.parse(await apiRequest('GET', '/api/inbox/count')).count,
    refetchInterval: INBOX_POLL_MS,
    enabled,
  });
}

/** POST /api/inbox/{id}/done: handled without an e-mail. */
export function useMarkInboxDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadId: number) => apiRequest('POST', `/api/inbox/${leadId}/done`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}
