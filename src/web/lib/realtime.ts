import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_REFRESH_DEBOUNCE_MS, type RealtimeMessage } from '#shared/realtime-events.ts';

/** Query keys each live event refreshes. Events name what changed; we refetch, never patch. */
const DEBOUNCED: Record<string, readonly (readonly string[])[]> = {
  lead_created: [['/api/leads'], ['/api/dashboard/stats']],
  lead_updated: [['/api/leads'], ['/api/dashboard/stats']],
  // A merged lead disappears from lists and the dashboard like any other change.
  lead_deleted: [['/api/leads'], ['/api/dashboard/stats']],
};
const IMMEDIATE: Record<string, readonly (readonly string[])[]> = {
  notification_created: [['/api/notifications/count'], ['/api/notifications']],
  notifications_read: [['/api/notifications/count'], ['/api/notifications']],
  user_updated: [['/api/auth/user']],
  mailbox_status: [['/api/gmail/status']],
};

export function createRealtimeHandler(queryClient: QueryClient, debounceMs = LIVE_REFRESH_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Set<string>();
  return {
    handle(message: RealtimeMessage) {
      for (const key of IMMEDIATE[message.type] ?? []) void queryClient.invalidateQueries({ queryKey: key });
      const keys = DEBOUNCED[message.type];
      if (!keys) return;
      for (const key of keys) pending.add(JSON.stringify(key));
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const key of pending) void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as string[] });
        pending.clear();
      }, debounceMs);
    },
    dispose: () => clearTimeout(timer),
  };
}

/** Opens /api/ws (ws or wss to match the page) while signed in, reconnecting with back-off. */
export function useRealtime(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const handler = createRealtimeHandler(queryClient);
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${protocol}//${window.location.host}/api/ws`);
      socket.onopen = () => {
        // Anything missed while disconnected is refetched.
        if (attempts > 0) void queryClient.invalidateQueries();
        attempts = 0;
      };
      socket.onmessage = (e) => {
        try {
          handler.handle(JSON.parse(String(e.data)) as RealtimeMessage);
        } catch {
          /* not a message of ours */
        }
      };
      socket.onclose = () => {
        if (stopped) return;
        attempts += 1;
        retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(attempts, 5)));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      handler.dispose();
      socket?.close();
    };
  }, [enabled, queryClient]);
}
