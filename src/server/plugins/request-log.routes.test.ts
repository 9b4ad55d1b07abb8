import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_FORM_RATE_LIMIT } from '#server/modules/leads/lead/contact-form.routes.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const quoteForm = {
  name: 'Ana Maria Silva',
  email: 'ana.silva@example.pt',
  phone: '+351 912 000 111',
  vehicleChoice: 'specific',
  vehicleLink: 'https://www.autoscout24.de/angebote/bmw-320-d-touring-4f3c2a10-1b2c-4d5e-8f90-123456789abc',
  honeypot: '',
  formDuration: 8200,
};

describe('access log: one line per completed request, none per cheap refusal', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  let tick: () => void = () => {};
  let nowMs = 1_000_000;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    t = await createTestApp({
      logger,
      requestLog: {
        every: (ms, fn) => {
          expect(ms).toBe(60_000);
          tick = fn;
          return () => {};
        },
        now: () => nowMs,
      },
    });
    admin = (await t.loginAs('admin')).cookie;
    user = (await t.loginAs('user')).cookie;
    tick(); // the sign-ins above
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const send = (method: 'GET' | 'POST', url: string, opts: { cookie?: string; payload?: object } = {}) =>
    t.app.inject({
      method,
      url,
      ...(opts.cookie ? { headers: { cookie: opts.cookie } } : {}),
      ...(opts.payload ? { payload: opts.payload } : {}),
    });

  it('writes nothing for a refusal (401, 403, 404 under /api, 429) or a health check', async () => {
    const quiet: [string, () => ReturnType<typeof send>, number][] = [
      ['not signed in', () => send('GET', '/api/leads'), 401],
      ['not signed in, a write', () => send('POST', '/api/leads/manual', { payload: {} }), 401],
      ['bad session cookie', () => send('GET', '/api/auth/user', { cookie: 'sid=forged' }), 401],
      ['not allowed', () => send('POST', '/api/notifications', { cookie: user, payload: {} }), 403],
      ['no such API route', () => send('GET', '/api/no-such-thing'), 404],
      ['no such API route, signed in', () => send('POST', '/api/nothing/here', { cookie: admin }), 404],
      ['no such lead', () => send('GET', '/api/leads/999999', { cookie: admin }), 404],
      ['health check', () => send('GET', '/api/health'), 200],
    ];
    for (const [what, call, status] of quiet) {
      const res = await call();
      expect(res.statusCode, what).toBe(status);
      expect(lines, what).toEqual([]);
    }
  });

  it('writes nothing for the quote form once it is rate limited, one line per request before', async () => {
    const remoteAddress = '10.9.0.1';
    for (let i = 0; i < CONTACT_FORM_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: quoteForm, remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    expect(lines).toHaveLength(CONTACT_FORM_RATE_LIMIT.max);
    lines.length = 0;
    for (let i = 0; i < 50; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact-form', payload: quoteForm, remoteAddress });
      expect(res.statusCode).toBe(429);
    }
    expect(lines).toEqual([]);
  });

  it('writes exactly one line for a completed request, whatever its status', async () => {
    const logged: [string, 'GET' | 'POST', string, string | undefined, number][] = [
      ['a signed-in read', 'GET', '/api/auth/user', admin, 200],
      ['a public read', 'GET', '/api/settings/public?x=1', undefined, 200],
      ['a request that fails validation', 'GET', '/api/leads/abc', admin, 400],
      ['a missing page outside /api', 'GET', '/missing.php', undefined, 404],
      ['the web app without its build', 'GET', '/admin', undefined, 503],
    ];
    for (const [what, method, url, cookie, status] of logged) {
      lines.length = 0;
      const res = await send(method, url, cookie ? { cookie } : {});
      expect(res.statusCode, what).toBe(status);
      expect(lines, what).toHaveLength(1);
      const [line] = lines;
      expect(line, what).toMatchObject({
        level: 30,
        msg: 'request completed',
        method,
        url,
        ip: '127.0.0.1',
        statusCode: status,
      });
      expect(typeof line!.reqId, what).toBe('string');
      expect(typeof line!.responseTime, what).toBe('number');
      expect(JSON.stringify(line), what).not.toMatch(/cookie|sid=/i);
    }
  });

  it('cuts a long URL in its line', async () => {
    await send('GET', `/missing.php?q=${'x'.repeat(5000)}`);
    expect(lines).toHaveLength(1);
    expect((lines[0]!.url as string).length).toBeLessThanOrEqual(501);
  });

  it('logs the quiet requests as one count per period, and nothing for a period without any', async () => {
    tick(); // closes the period of the earlier tests
    lines.length = 0;
    nowMs += 5_000;
    tick();
    expect(lines).toEqual([]);

    for (let i = 0; i < 3; i++) await send('GET', '/api/leads');
    await send('GET', '/api/no-such-thing');
    await send('GET', '/api/health');
    await send('GET', '/api/health');
    await send('POST', '/api/notifications', { cookie: user, payload: {} });
    expect(lines).toEqual([]);
    nowMs += 60_000;
    tick();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      refused: { 401: 3, 403: 1, 404: 1 },
      refusedTotal: 5,
      healthChecks: 2,
      seconds: 60,
      msg: 'refused 5 requests (401: 3, 403: 1, 404: 1) and answered 2 health checks in the last 60 s, not logged one by one',
    });

    lines.length = 0;
    nowMs += 60_000;
    tick();
    expect(lines).toEqual([]);
  });

  it('logs the count of the last period when the app closes', async () => {
    const closing: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void closing.push(JSON.parse(line)) });
    const other = await createTestApp({ logger, database: t.database, requestLog: { every: () => () => {} } });
    await other.app.inject({ method: 'GET', url: '/api/leads' });
    expect(closing).toEqual([]);
    await other.close();
    expect(closing).toMatchObject([
      { refused: { 401: 1 }, msg: expect.stringMatching(/^refused 1 requests \(401: 1\)/) },
    ]);
  });

  it('logs each quiet request at debug level when that level is on', async () => {
    const debugLines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void debugLines.push(JSON.parse(line)) });
    const other = await createTestApp({ logger, database: t.database, requestLog: { every: () => () => {} } });
    await other.app.inject({ method: 'GET', url: '/api/leads' });
    expect(debugLines).toMatchObject([{ level: 20, statusCode: 401, url: '/api/leads' }]);
    await other.close();
  });

  it('creates no per-request logger for a quiet request', async () => {
    // The lazy child logger becomes a pino child only when a line is written.
    const logger = pino({ level: 'info' }, { write: () => {} });
    const child = vi.spyOn(logger, 'child');
    const other = await createTestApp({ logger, database: t.database, requestLog: { every: () => () => {} } });
    const before = child.mock.calls.length;
    for (let i = 0; i < 20; i++) await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(child.mock.calls.length).toBe(before);
    await other.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(child.mock.calls.length).toBe(before + 1);
    await other.close();
  });
});
