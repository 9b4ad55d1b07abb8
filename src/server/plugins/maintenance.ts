import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/lib/app-error.ts';

export const RESTORING_MESSAGE = 'Restoring database';

/** Calls that still answer during a restore: the live socket, health, and the backup screen's status. */
const OPEN_DURING_RESTORE = ['/api/ws', '/api/health', '/api/admin/backup/status'];

export interface MaintenanceState {
  active(): boolean;
  requestStarted(): void;
  requestEnded(): void;
}

/**
 * While a database restore runs (ADR 030), /api calls answer 503 'Restoring database'; the calls
 * in flight are counted so the restore can wait for them.
 */
export const maintenanceGuard = fp(async (app: FastifyInstance, opts: { state: MaintenanceState }) => {
  const { state } = opts;
  const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!isApi(request)) return done();
    if (state.active() && !OPEN_DURING_RESTORE.some((p) => request.url.startsWith(p)))
      return done(new AppError('UNAVAILABLE', RESTORING_MESSAGE));
    state.requestStarted();
    (request as FastifyRequest & { countedInFlight?: boolean }).countedInFlight = true;
    done();
  });
  app.addHook('onResponse', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if ((request as FastifyRequest & { countedInFlight?: boolean }).countedInFlight) state.requestEnded();
    done();
  });
});
