import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { EventHub, HubEvent } from '#server/realtime/hub.ts';
import { AppError } from '#server/lib/app-error.ts';
import { signedInUser } from './auth.ts';

interface Client {
  socket: WebSocket;
  userId: number;
  sid: string;
  alive: boolean;
}

const HEARTBEAT_MS = 30_000;
/**
 * Open sockets one session may hold on this instance (a tab each). The next one is refused, not the
 * oldest closed: the web client reconnects on close, so closing the oldest would make tabs take
 * turns forever (ADR 018).
 */
export const MAX_SOCKETS_PER_SESSION = 10;
export const TOO_MANY_SOCKETS_MESSAGE = `Too many live connections for this session (at most ${MAX_SOCKETS_PER_SESSION}): close another tab of the app.`;

function shouldReceive(client: Client, event: HubEvent): boolean {
  switch (event.audience.kind) {
    case 'staff':
      return true;
    case 'users':
      return event.audience.userIds.includes(client.userId);
    case 'server':
      return false;
  }
}

/**
 * WebSocket /api/ws: opened by signed-in staff only (the upgrade request passes the same session
 * guard as every call); forwards hub events as { type, data }.
 */
export async function websocketRoutes(app: FastifyInstance, opts: { hub: EventHub }) {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  const clients = new Set<Client>();

  const unsubscribe = opts.hub.subscribe((event) => {
    if (event.type === 'session_revoked') {
      const sids = event.data.sids as string[];
      for (const client of clients) if (sids.includes(client.sid)) client.socket.close(4001, 'Session ended');
      return;
    }
    const message = JSON.stringify({ type: event.type, data: event.data });
    for (const client of clients)
      if (shouldReceive(client, event) && client.socket.readyState === client.socket.OPEN) client.socket.send(message);
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const client of clients) client.socket.close(1001, 'Server shutting down');
  });

  const openFor = (sid: string) => {
    let n = 0;
    for (const client of clients) if (client.sid === sid) n += 1;
    return n;
  };

  const preValidation = async (request: FastifyRequest) => {
    if (openFor(request.session!.sid) >= MAX_SOCKETS_PER_SESSION)
      throw new AppError('RATE_LIMITED', TOO_MANY_SOCKETS_MESSAGE);
  };

  app.get('/api/ws', { websocket: true, config: { access: 'user' }, preValidation }, (socket, request) => {
    const client: Client = { socket, userId: signedInUser(request).id, sid: request.session!.sid, alive: true };
    // Upgrades that passed the check together: the extra ones close at once.
    if (openFor(client.sid) >= MAX_SOCKETS_PER_SESSION) {
      socket.close(4008, 'Too many connections');
      return;
    }
    clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => clients.delete(client));
    socket.on('error', () => clients.delete(client));
    // The server sends only; anything a client sends is ignored.
    socket.on('message', () => {});
    socket.send(JSON.stringify({ type: 'connected', data: { userId: client.userId } }));
  });
}
