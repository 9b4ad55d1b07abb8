import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { handleDatabaseEvent } from './database-restore.ts';
import { LIVE_REFRESH_DEBOUNCE_MS, type RealtimeMessage } from '#shared/realtime-events.ts';

/** Query keys each live event refreshes. Events name what changed; we refetch, never patch. */
const DEBOUNCED: Record<string, readonly (readonly string[])[]> = {
  lead_created: [['/api/leads'], ['/api/dashboard/stats']],
  // A lead's tasks change with it (ADR 066): its Next step, and Today.
  lead_updated: [['/api/leads'], ['/api/dashboard/stats'], ['/api/tasks']],
  // A merged lead disappears from lists and the dashboard like any other change.
  lead_deleted: [['/api/leads'], ['/api/dashboard/stats']],
  // A converted lead changes too (its status, its timeline): import_created comes with lead_updated.
  import_created: [['/api/imports'], ['/api/dashboard/stats']],
  // An open import refetches; forms keep the version they started from (docs/decisions/024-stale-write-ux.md).
  import_updated: [['/api/imports'], ['/api/dashboard/stats'], ['/api/suppliers']],
  supplier_changed: [['/api/suppliers']],
};
const IMMEDIATE: Record<string, readonly (readonly string[])[]> = {
  notification_created: [['/api/notifications/count'], ['/api/notifications']],
  notifications_read: [['/api/notifications/count'], ['/api/notifications']],
  user_updated: [['/api/auth/user'], ['/api/users'], ['/api/admin/security-audit-logs']],
  user_deleted: [['/api/users'], ['/api/admin/security-audit-logs']],
  settings_changed: [['/api/settings']],
  mailbox_status: [['/api/gmail/status']],
};

export function createRealtimeHandler(queryClient: QueryClient, debounceMs = LIVE_REFRESH_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Set<string>();
  return {
    handle(message: RealtimeMessage) {
      handleDatabaseEvent(message.type);
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

/** The socket's life: connect, reconnect with back-off, and at once when the network returns. */
export function connectRealtime(opts: {
  url: string;
  onMessage: (message: RealtimeMessage) => void;
  /** After a reconnection: anything missed while disconnected must be refetched. */
  onReconnected: () => void;
  createSocket?: (url: string) => WebSocket;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}): () => void {
  const createSocket = opts.createSocket ?? ((url: string) => new WebSocket(url));
  const target = opts.target ?? window;
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let stopped = false;

  const connect = () => {
    const current = createSocket(opts.url);
    socket = current;
    current.onopen = () => {
      if (attempts > 0) opts.onReconnected();
      attempts = 0;
    };
    current.onmessage = (e) => {
      try {
        opts.onMessage(JSON.parse(String(e.data)) as RealtimeMessage);
      } catch {
        /* not a message of ours */
      }
    };
    current.onclose = () => {
      if (stopped || socket !== current) return;
      attempts += 1;
      retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(attempts, 5)));
    };
  };
  // The network is back: a socket from before the drop may be dead without knowing it yet, so a
  // new one is opened now instead of waiting for the back-off.
  const onOnline = () => {
    if (stopped) return;
    clearTimeout(retry);
    const old = socket;
    socket = undefined;
    old?.close();
    attempts = Math.max(attempts, 1);
    connect();
  };
  target.addEventListener('online', onOnline);
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    target.removeEventListener('online', onOnline);
    socket?.close();
  };
}

/** Opens /api/ws (ws or wss to match the page) while signed in, reconnecting with back-off. */
export function useRealtime(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const handler = createRealtimeHandler(queryClient);
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const disconnect = connectRealtime({
      url: `${protocol}//${window.location.host}/api/ws`,
      onMessage: (m) => handler.handle(m),
      onReconnected: () => void queryClient.invalidateQueries(),
    });
    return () => {
      disconnect();
      handler.dispose();
    };
  }, [enabled, queryClient]);
}
