import type { FastifyInstance } from 'fastify';
import { healthResponseSchema, type HealthResponse } from '#shared/schemas/health.ts';
import type { Database } from '#server/db/client.ts';
import { sessionToken } from '#server/plugins/auth.ts';
import type { SessionService } from '#server/modules/auth/session.service.ts';

/**
 * GET /api/health: anonymous callers (load balancers, uptime checks) learn only that the app is up;
 * signed-in staff also see which database it runs on.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: Pick<Database, 'kind'>; sessions: SessionService },
) {
  const schema = { response: { 200: healthResponseSchema } };
  app.get('/api/health', { config: { access: 'public' }, schema }, async (request): Promise<HealthResponse> => {
    const token = sessionToken(request);
    if (!token) return { ok: true };
    const staff = opts.sessions.authenticateCached(token) ?? (await opts.sessions.authenticate(token))?.session;
    return staff ? { ok: true, database: opts.database.kind } : { ok: true };
  });
}
