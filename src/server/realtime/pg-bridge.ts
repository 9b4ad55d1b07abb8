import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '#server/db/client.ts';
import { createLocalHub, type EventHub, type HubEvent } from './hub.ts';

const CHANNEL = 'app_events';
// pg_notify payloads are limited to 8000 bytes; events only name what changed, so this is ample.
const MAX_PAYLOAD = 7900;

/**
 * Sends an event to every app instance listening on this database, from a process with no hub (the
 * users command). On PGlite no app can be listening (the app holds the directory): a no-op there.
 */
export async function notifyInstances(db: DbOrTx, event: HubEvent): Promise<void> {
  const payload = JSON.stringify({ origin: 'command-line', event });
  if (payload.length > MAX_PAYLOAD) throw new Error(`event ${event.type} is too large to send`);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

/**
 * Event hub for several app instances on one PostgreSQL: events are delivered locally at once and
 * sent to the other instances through LISTEN/NOTIFY on a dedicated connection.
 */
export async function createPgHub(connectionString: string, log: FastifyBaseLogger): Promise<EventHub> {
  const local = createLocalHub((err) => log.error({ err }, 'event listener failed'));
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', () => {});
  let listener: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = (err?: unknown) => {
    if (closed || retryTimer) return;
    log.warn({ err }, 'event bridge connection lost; reconnecting in 1 s');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(scheduleReconnect);
    }, 1000);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { origin, event } = JSON.parse(msg.payload) as { origin: string; event: HubEvent };
        if (origin !== local.instanceId) local.deliverLocal(event);
      } catch (err) {
        log.warn({ err }, 'ignored malformed event notification');
      }
    });
    const lost = (err?: unknown) => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      scheduleReconnect(err);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
  };
  await connect();

  return {
    instanceId: local.instanceId,
    subscribe: local.subscribe,
    publish(event) {
      local.deliverLocal(event);
      const payload = JSON.stringify({ origin: local.instanceId, event });
      if (payload.length > MAX_PAYLOAD) {
        log.error({ type: event.type }, 'event too large to fan out; delivered locally only');
        return;
      }
      publisher
        .query('select pg_notify($1, $2)', [CHANNEL, payload])
        .catch((err) => log.error({ err }, 'event fan-out failed'));
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
      await local.close();
    },
  };
}
