import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createRealtimeHandler } from './realtime.ts';

describe('live updates', () => {
  let client: QueryClient;
  let invalidated: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    invalidated = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(String((filters as { queryKey: string[] }).queryKey[0]));
    });
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes leads and dashboard figures 2 s after the last lead event', () => {
    const handler = createRealtimeHandler(client);
    handler.handle({ type: 'lead_created', data: { leadId: 1 } });
    vi.advanceTimersByTime(1500);
    handler.handle({ type: 'lead_updated', data: { leadId: 2 } });
    vi.advanceTimersByTime(1999);
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(invalidated.sort()).toEqual(['/api/dashboard/stats', '/api/leads']);
  });

  it('refreshes leads when a lead is merged away (lead_deleted)', () => {
    const handler = createRealtimeHandler(client);
    handler.handle({ type: 'lead_deleted', data: { leadId: 3 } });
    vi.advanceTimersByTime(2000);
    expect(invalidated.sort()).toEqual(['/api/dashboard/stats', '/api/leads']);
  });

  it('refreshes notifications at once and ignores unknown types', () => {
    const handler = createRealtimeHandler(client);
    handler.handle({ type: 'something_else', data: {} });
    handler.handle({ type: 'notification_created', data: {} });
    expect(invalidated.sort()).toEqual(['/api/notifications', '/api/notifications/count']);
  });
});
