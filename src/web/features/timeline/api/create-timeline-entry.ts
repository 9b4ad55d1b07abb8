import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timelineEntrySchema, type TimelineEntryInput } from '#shared/schemas/timeline.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { AFTER_TIMELINE_CHANGE } from './timeline-keys.ts';

/** POST /api/leads/{id}/timeline: a call or chat entry. */
export async function createTimelineEntry(leadId: number, data: TimelineEntryInput) {
  return timelineEntrySchema.parse(await apiRequest('POST', `/api/leads/${leadId}/timeline`, data));
}

export function useCreateTimelineEntry(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TimelineEntryInput) => createTimelineEntry(leadId, data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AFTER_TIMELINE_CHANGE }),
  });
}
