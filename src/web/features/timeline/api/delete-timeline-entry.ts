import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { AFTER_TIMELINE_CHANGE } from './timeline-keys.ts';

/** DELETE /api/timeline/{id}. */
export const deleteTimelineEntry = (id: number) => apiRequest<unknown>('DELETE', `/api/timeline/${id}`);

export function useDeleteTimelineEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimelineEntry,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AFTER_TIMELINE_CHANGE }),
  });
}
