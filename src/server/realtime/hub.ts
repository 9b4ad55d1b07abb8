import { randomUUID } from 'node:crypto';
import type { RealtimeMessage } from '#shared/realtime-events.ts';

/** Who receives an event: every signed-in staff socket, some users, or only server-side listeners. */
export type Audience = { kind: 'staff' } | { kind: 'users'; userIds: number[] } | { kind: 'server' };

export interface HubEvent extends RealtimeMessage {
  audience: Audience;
}

export type HubListener = (event: HubEvent) => void;

/** The one server-side event hub modules publish to (WebSocket delivery, cache invalidation). */
export interface EventHub {
  readonly instanceId: string;
  publish(event: HubEvent): void;
  subscribe(listener: HubListener): () => void;
  close(): Promise<void>;
}

export interface LocalHub extends EventHub {
  /** Delivers to this instance's listeners only (used by the cross-instance bridge). */
  deliverLocal(event: HubEvent): void;
}

export function createLocalHub(onListenerError?: (err: unknown) => void): LocalHub {
  const listeners = new Set<HubListener>();
  const deliverLocal = (event: HubEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        onListenerError?.(err); // one broken listener must not stop the others
      }
    }
  };
  return {
    instanceId: randomUUID(),
    deliverLocal,
    publish: deliverLocal,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
