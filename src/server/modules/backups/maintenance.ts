import type { EventHub } from '#server/realtime/hub.ts';

/** Live events of a restore: open pages show 'Restoring database', then reload. */
export const RESTORING_EVENT = 'database_restoring';
export const RESTORED_EVENT = 'database_restored';

// An instance that never hears the end (the restoring one died) leaves maintenance on its own.
const MAX_MAINTENANCE_MS = 15 * 60 * 1000;
const DRAIN_WAIT_MS = 15_000;

/**
 * The short maintenance state of a restore, on every instance: the restoring one publishes it
 * through the event hub (the PostgreSQL bridge carries it to the others), and each answers API
 * calls with 503 'Restoring database' meanwhile (plugins/maintenance.ts).
 */
export function createMaintenance(hub: EventHub) {
  let activeUntil = 0;
  let inFlight = 0;
  hub.subscribe((event) => {
    if (event.type === RESTORING_EVENT) activeUntil = Date.now() + MAX_MAINTENANCE_MS;
    if (event.type === RESTORED_EVENT) activeUntil = 0;
  });
  return {
    active: () => Date.now() < activeUntil,
    /** Counted by the maintenance plugin: API requests being served now. */
    requestStarted: () => void inFlight++,
    requestEnded: () => void inFlight--,
    /** Stops new calls everywhere, then waits (a while) for this instance's calls in flight. */
    async enter(): Promise<void> {
      activeUntil = Date.now() + MAX_MAINTENANCE_MS;
      hub.publish({ type: RESTORING_EVENT, data: {}, audience: { kind: 'staff' } });
      const deadline = Date.now() + DRAIN_WAIT_MS;
      // The restore call itself is one of them.
      while (inFlight > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    },
    async leave(): Promise<void> {
      activeUntil = 0;
      hub.publish({ type: RESTORED_EVENT, data: {}, audience: { kind: 'staff' } });
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
