import { queryOptions, useQuery } from '@tanstack/react-query';
import { timelineListSchema, type TimelineEntry } from '#shared/schemas/timeline.ts';
import { getQueryFn } from '#web/lib/api-client.ts';
import { timelineKey } from './timeline-keys.ts';

/** GET /api/leads/{id}/timeline, newest first. */
export const timelineQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: timelineKey(leadId),
    queryFn: async (ctx): Promise<TimelineEntry[]> =>
      timelineListSchema
        .parse(await getQueryFn({ on401: 'throw' })(ctx))
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id),
  });

export const useTimeline = (leadId: number) => useQuery(timelineQueryOptions(leadId));
