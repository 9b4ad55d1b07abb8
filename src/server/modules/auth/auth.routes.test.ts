import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { securityAuditLog, sessions } from '#server/db/schema/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '#test/test-app.ts';

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers });

  it('signs in, sets a safe session cookie and never returns the password', async () => {
    const user = await t.createUser({ firstName: 'Ana' });
    const res = await login(user.username, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, username: user.username, firstName: 'Ana', role: 'user' });
    expect(body).not.toHaveProperty('password');
    expect(res.body).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy(); // plain http here; see the trust-proxy test below

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `sid=${cookie.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(user.username);
  });

  it('stores only a hash of the session token, in the sessions table', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user.username);
    const token = cookie.slice('sid='.length);
    const rows = await t.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.sid)).not.toContain(token);
    expect(rows.some((r) => (r.sess as { userId: number }).userId === user.id)).toBe(true);
  });

  it('matches the username case-insensitively', async () => {
    const user = await t.createUser({ username: 'MixedCase' });
    expect((await login('mixedcase', TEST_PASSWORD)).statusCode).toBe(200);
    expect(user.username).toBe('MixedCase');
  });

  it('issues a new session id at every sign-in and ends the previous one', async () => {
    const user = await t.createUser();
    const first = await t.login(user.username);
    const res = await login(user.username, TEST_PASSWORD, { cookie: first });
    const second = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: second } })).statusCode).toBe(
      200,
    );
  });

  it('logout destroys the session', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user.username);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    // Signing out again is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 401 with no user, and 400 naming missing fields', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ username: 'Username is required', password: expect.any(String) });
  });

  it('refuses a wrong password with a clear message and records it with the address', async () => {
    const user = await t.createUser();
    const res = await login(user.username, 'wrong-password', { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid username or password');
    const [last] = await t.database.db.select().from(securityAuditLog).orderBy(desc(securityAuditLog.id)).limit(1);
    expect(last).toMatchObject({
      event: 'login_failure',
      username: user.username.toLowerCase(),
      details: 'wrong password',
    });
    expect(last!.ipAddress).toBeTruthy();
  });

  it('locks a username for 15 minutes after five failures within 15 minutes', async () => {
    const user = await t.createUser();
    for (let i = 1; i <= 4; i++) expect((await login(user.username, `bad-${i}`)).statusCode).toBe(401);
    const fifth = await login(user.username, 'bad-5');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().message).toMatch(/locked for 15 more minutes/);
    // Even the right password is refused while locked.
    const right = await login(user.username, TEST_PASSWORD);
    expect(right.statusCode).toBe(423);
    const events = await t.database.db.select().from(securityAuditLog).orderBy(desc(securityAuditLog.id)).limit(3);
    expect(events.map((e) => e.event)).toContain('account_locked');
    // Other users are unaffected.
    const other = await t.createUser();
    expect((await login(other.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('records login_success', async () => {
    const user = await t.createUser();
    await t.login(user.username);
    const [last] = await t.database.db.select().from(securityAuditLog).orderBy(desc(securityAuditLog.id)).limit(1);
    expect(last).toMatchObject({ event: 'login_success', username: user.username.toLowerCase() });
  });

  it('GET /api/login redirects to /admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin');
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
