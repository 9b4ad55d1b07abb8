import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type AppDeps, type AppServices } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/password.ts';
import { createLocalHub, type EventHub } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import type { Role } from '#shared/schemas/users.ts';
import { insertUser } from './factories.ts';
import { createTestDatabase } from './test-db.ts';

export const TEST_PASSWORD = 'Sup3rSecret!';

export interface TestApp {
  app: FastifyInstance;
  /** The services the app was built with (a test may call one directly, e.g. notify). */
  services: AppServices;
  database: Database;
  hub: EventHub;
  /** Creates a staff user (password TEST_PASSWORD). */
  createUser(overrides?: Partial<{ username: string; role: Role; email: string; firstName: string }>): Promise<UserRow>;
  /** Signs in through the real login call; returns the Cookie header value. */
  login(username: string, password?: string): Promise<string>;
  /** Creates a user of that role and signs in. */
  loginAs(role: Role): Promise<{ user: UserRow; cookie: string }>;
  close(): Promise<void>;
}

/** The real app in memory (inject) on this test file's own database (fastify/demo test helper). */
export async function createTestApp(
  opts: {
    clock?: Clock;
    hub?: EventHub;
    database?: Database;
    webRoot?: string;
    listingFetchTestOrigin?: string;
    /** A logger whose output the test reads (none otherwise), and the access log's timer. */
    logger?: FastifyBaseLogger;
    requestLog?: AppDeps['requestLog'];
    /** PUBLIC_URL (default http://localhost:5000). */
    publicUrl?: string;
    /** BACKUP_DIR (default a fresh directory under the system's temporary directory). */
    backupDir?: string;
    backupCopyDir?: string;
    /** How e-mail leaves (default: no mailbox connected). */
    mailSender?: AppDeps['mailSender'];
    drainOnSend?: boolean;
    /** Mail settings (the mail rig's servers, the Google stub); default: a throw-away key, no Google. */
    mail?: AppDeps['mail'];
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const hub = opts.hub ?? createLocalHub();
  const { app, services } = await buildApp({
    database,
    hub,
    clock: opts.clock,
    env: {
      TRUST_PROXY: false,
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 7,
      LOGIN_RATE_LIMIT_PER_MINUTE: 1000,
      ISV_RATE_LIMIT_PER_MINUTE: 1000,
      SCRAPE_RATE_LIMIT_PER_MINUTE: 1000,
      LISTING_FETCH_TEST_ORIGIN: opts.listingFetchTestOrigin,
      PUBLIC_URL: opts.publicUrl,
      BACKUP_DIR: opts.backupDir ?? path.join(os.tmpdir(), `autoimport-test-backups-${randomBytes(6).toString('hex')}`),
      BACKUP_COPY_DIR: opts.backupCopyDir,
    },
    webRoot: opts.webRoot ?? '/nonexistent-web-root',
    ...(opts.mailSender ? { mailSender: opts.mailSender } : {}),
    drainOnSend: opts.drainOnSend,
    mail: opts.mail,
    ...(opts.logger ? { logger: opts.logger, requestLog: opts.requestLog } : {}),
  });
  await app.ready();

  const createUser: TestApp['createUser'] = async (overrides = {}) =>
    insertUser(database.db, { ...overrides, password: await hashPassword(TEST_PASSWORD) });

  const login: TestApp['login'] = async (username, password = TEST_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    return `sid=${cookie!.value}`;
  };

  return {
    app,
    services,
    database,
    hub,
    createUser,
    login,
    async loginAs(role) {
      const user = await createUser({ role });
      return { user, cookie: await login(user.username) };
    },
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
