import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { AFTER_TIMELINE_CHANGE } from './timeline-keys.ts';

/** DELETE /api/timeline/{id} with If-Match: the version read (an entry changed meanwhile is not deleted blind). */
export const deleteTimelineEntry = ({ id, version }: { id: number; version: number }) =>
  apiRequest<unknown>('DELETE', `/api/timeline/${id}`, undefined, { 'if-match': `"${version}"` });

export function useDeleteTimelineEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimelineEntry,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AFTER_TIMELINE_CHANGE }),
  });
}
