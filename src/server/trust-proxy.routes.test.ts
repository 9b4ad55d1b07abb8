import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Database } from '#server/db/client.ts';
import { securityAuditLog } from '#server/db/schema/auth.ts';
import type { TrustProxy } from './env.ts';
import { hashPassword } from '#server/lib/password.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { CONTACT_FORM_RATE_LIMIT } from '#server/modules/leads/lead/contact-form.routes.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { TEST_PASSWORD } from '#test/test-app.ts';
import { createTestDatabase } from '#test/test-db.ts';

const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.77';
const FORGED = '6.6.6.6';

describe('TRUST_PROXY: the client address is the one the trusted proxy saw', () => {
  let database: Database;
  let username: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    username = `proxied${process.pid}`;
    await insertUser(database.db, { username, password: await hashPassword(TEST_PASSWORD), role: 'user' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  async function appWith(trustProxy: TrustProxy, loginPerMinute = 1000) {
    const { app } = await buildApp({
      database,
      hub: createLocalHub(),
      env: {
        TRUST_PROXY: trustProxy,
        SESSION_TTL_DAYS: 30,
        SESSION_IDLE_DAYS: 7,
        LOGIN_RATE_LIMIT_PER_MINUTE: loginPerMinute,
        ISV_RATE_LIMIT_PER_MINUTE: 1000,
      },
      webRoot: '/nonexistent-web-root',
    });
    apps.push(app);
    return app;
  }

  async function login(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: TEST_PASSWORD },
      remoteAddress,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const [audit] = await database.db.select().from(securityAuditLog).orderBy(desc(securityAuditLog.id)).limit(1);
    expect(audit!.event).toBe('login_success');
    return { cookie: res.cookies.find((c) => c.name === 'sid')!, ip: audit!.ipAddress };
  }

  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-for': `${FORGED}, ${CLIENT}` };

  it('a trusted proxy (address, CIDR range or hop count): the address it saw is audited, its scheme honoured', async () => {
    for (const trust of [[PROXY], ['10.0.0.0/8'], ['127.0.0.1', '10.0.0.0/24'], 1] satisfies TrustProxy[]) {
      const { cookie, ip } = await login(await appWith(trust), PROXY, forwarded);
      expect(ip, JSON.stringify(trust)).toBe(CLIENT);
      expect(cookie.secure, JSON.stringify(trust)).toBe(true);
    }
  });

  it('two trusted proxies: the address the outer one saw', async () => {
    const headers = { 'x-forwarded-for': `${FORGED}, ${CLIENT}, 10.0.0.9` };
    expect((await login(await appWith(['10.0.0.0/8']), PROXY, headers)).ip).toBe(CLIENT);
    expect((await login(await appWith(2), PROXY, headers)).ip).toBe(CLIENT);
  });

  it('an untrusted peer: forged X-Forwarded-For and -Proto are ignored, the peer address is audited', async () => {
    for (const trust of [false, [PROXY], ['10.0.0.0/8']] satisfies TrustProxy[]) {
      const { cookie, ip } = await login(await appWith(trust), '198.51.100.9', forwarded);
      expect(ip, JSON.stringify(trust)).toBe('198.51.100.9');
      expect(cookie.secure, JSON.stringify(trust)).toBeFalsy();
    }
  });

  it('the sign-in limit counts the real peer, whatever X-Forwarded-For it sends', async () => {
    const app = await appWith([PROXY], 3);
    let tries = 0;
    // A new name each time, so the per-account lockout stays out of the way.
    const attempt = (remoteAddress: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `nobody-${++tries}`, password: 'wrong-password' },
        remoteAddress,
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
    for (let n = 1; n <= 3; n++) expect((await attempt('198.51.100.20', n)).statusCode).toBe(401);
    expect((await attempt('198.51.100.20', 4)).statusCode).toBe(429);
    // Behind the trusted proxy each client has its own count.
    for (let n = 1; n <= 4; n++) expect((await attempt(PROXY, n)).statusCode).toBe(401);
  });

  it('the quote form limit counts the real peer, whatever X-Forwarded-For it sends', async () => {
    const app = await appWith([PROXY]);
    const bot = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/contact-form',
        payload: { honeypot: 'x' },
        remoteAddress: '198.51.100.30',
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
    for (let n = 1; n <= CONTACT_FORM_RATE_LIMIT.max; n++) expect((await bot(n)).statusCode).toBe(400);
    expect((await bot(99)).statusCode).toBe(429);
  });
});
