import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { connectRealtime, createRealtimeHandler } from './realtime.ts';

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
    // A lead's change also refreshes its tasks: its Next step and Today (ADR 066).
    expect(invalidated.sort()).toEqual(['/api/dashboard/stats', '/api/leads', '/api/tasks']);
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

describe('the live-updates socket', () => {
  class FakeSocket {
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;
    closed = false;
    close() {
      this.closed = true;
      this.onclose?.();
    }
  }
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reconnects at once when the network returns, and has the page refetch what it missed', () => {
    const sockets: FakeSocket[] = [];
    const target = new EventTarget();
    const reconnected = vi.fn();
    const stop = connectRealtime({
      url: 'ws://app/api/ws',
      onMessage: () => {},
      onReconnected: reconnected,
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
      target: target as unknown as Window,
    });
    sockets[0]!.onopen?.();
    expect(reconnected).not.toHaveBeenCalled();
    // The network drops: the socket closes and a retry waits 2 s.
    sockets[0]!.close();
    expect(sockets).toHaveLength(1);
    target.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    sockets[1]!.onopen?.();
    expect(reconnected).toHaveBeenCalledTimes(1);
    // The retry scheduled before 'online' does not open a third socket.
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    stop();
    expect(sockets[1]!.closed).toBe(true);
  });
});
