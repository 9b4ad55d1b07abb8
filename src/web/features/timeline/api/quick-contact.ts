import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timelineEntrySchema, type QuickContactInput } from '#shared/schemas/timeline.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { AFTER_TIMELINE_CHANGE } from './timeline-keys.ts';

/** POST /api/leads/{id}/quick-contact {type, notes}: logs a call or chat now. */
export async function logQuickContact(leadId: number, data: QuickContactInput) {
  return timelineEntrySchema.parse(await apiRequest('POST', `/api/leads/${leadId}/quick-contact`, data));
}

export function useQuickContact(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: QuickContactInput) => logQuickContact(leadId, data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AFTER_TIMELINE_CHANGE }),
  });
}
