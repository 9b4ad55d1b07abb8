import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timelineEntrySchema, type TimelineEntryUpdateInput } from '#shared/schemas/timeline.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { AFTER_TIMELINE_CHANGE } from './timeline-keys.ts';

/** PUT /api/timeline/{id}: edits a call or chat entry (e-mail entries are refused); `version` as read (ADR 022). */
export async function updateTimelineEntry(id: number, data: TimelineEntryUpdateInput) {
  return timelineEntrySchema.parse(await apiRequest('PUT', `/api/timeline/${id}`, data));
}

export function useUpdateTimelineEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: TimelineEntryUpdateInput }) => updateTimelineEntry(id, data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AFTER_TIMELINE_CHANGE }),
  });
}
