import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { EXTENSION_API_PREFIX } from '#shared/extension.ts';
import { AppError } from '#server/lib/app-error.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE =
  "Refused: this call came from another site. It is accepted only from the app's own pages.";

/** A state-changing /api call (the WebSocket upgrade is checked on its route, see below). */
const isApiWrite = (request: FastifyRequest) =>
  STATE_CHANGING.has(request.method) && (request.url.startsWith('/api/') || request.url === '/api');

/**
 * Cross-site calls (ADR 018): a state-changing /api call or the WebSocket upgrade is refused with
 * 403 when the browser says it comes from another site. Origin, when sent, must be the app's
 * origin (PUBLIC_URL, or the scheme and host the request was made to); else Sec-Fetch-Site must be
 * same-origin or none. A call with neither header (curl, a script) is not a browser's cross-site
 * call and passes; the access guard still applies.
 */
export const sameOrigin = fp(
  async (app: FastifyInstance, opts: { publicUrl?: string; extensionOrigins?: readonly string[] }) => {
    /** Throws the 403 for a cross-site call; synchronous, so the hot path makes no promise. */
    const refuseCrossSite = (request: FastifyRequest) => {
      const origin = request.headers.origin;
      if (origin !== undefined) {
        if (origin === opts.publicUrl || origin === `${request.protocol}://${request.host}`) return;
        // The browser extension's own routes take its origin: they authenticate with a bearer token,
        // which a browser never attaches by itself (ADR 032).
        if (request.url.startsWith(EXTENSION_API_PREFIX) && opts.extensionOrigins?.includes(origin)) return;
        throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
      }
      const site = request.headers['sec-fetch-site'];
      if (site === undefined || site === 'same-origin' || site === 'none') return;
      throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
    };
    const check = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      try {
        refuseCrossSite(request);
        done();
      } catch (err) {
        done(err as AppError);
      }
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiWrite(request)) check(request, reply, done);
      else done();
    });
    // WebSocket routes check on the route itself: a refusal before @fastify/websocket's own hooks
    // have seen the upgrade would leave its socket open.
    app.addHook('onRoute', (route) => {
      if (!route.websocket) return;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...existing, check];
    });
  },
);
