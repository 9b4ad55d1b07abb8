// The app built in this process on a bench database, and the cookie of its 'bench' user: what the
// in-process benches (dashboard, imports, inbox, leads) call their cases with.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { createLocalHub } from '#server/realtime/hub.ts';

/** Builds the app at the clock `now` and signs in as 'bench'; closes the app if the sign-in fails. */
export async function signedInBenchApp(
  database: Database,
  now: Date,
  password: string,
): Promise<{ app: FastifyInstance; cookie: string }> {
  const { app } = await buildApp({
    database,
    hub: createLocalHub(),
    clock: { now: () => now },
    env: {
      TRUST_PROXY: false,
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 7,
      LOGIN_RATE_LIMIT_PER_MINUTE: 1000,
      ISV_RATE_LIMIT_PER_MINUTE: 1000,
    },
    webRoot: '/nonexistent-web-root',
  });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'bench', password },
    });
    const sid = login.cookies.find((c) => c.name === 'sid');
    if (!sid) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    return { app, cookie: `sid=${sid.value}` };
  } catch (err) {
    await app.close();
    throw err;
  }
}
