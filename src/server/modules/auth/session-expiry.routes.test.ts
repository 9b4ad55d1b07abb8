import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '#server/db/schema/auth.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { hashToken } from './session.service.ts';
import * as repo from './sessions.repository.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

// The access guard answers most requests from the session cache without the database; these check
// that the idle timeout (7 days here, moved forward at most hourly by use) and the absolute lifetime
// (30 days from sign-in) hold through both paths, and that the roles are still enforced.
describe('session expiry and the access guard', () => {
  let t: TestApp;
  let now = new Date('2026-03-01T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const storedExpiry = async (cookie: string) => {
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, hashToken(cookie.slice('sid='.length))));
    return row?.expire.getTime();
  };

  it('answers a fresh session without extending it', async () => {
    const { cookie } = await t.loginAs('user');
    const before = await storedExpiry(cookie);
    for (let i = 0; i < 3; i++) {
      const res = await get('/api/auth/user', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await storedExpiry(cookie)).toBe(before);
  });

  it('moves the idle deadline once when used an hour or more later, then answers from the cache', async () => {
    const { cookie } = await t.loginAs('user');
    await get('/api/auth/user', cookie); // cached
    now = new Date(now.getTime() + 2 * HOUR);
    const extend = vi.spyOn(repo, 'extendSession');
    try {
      const answers = await Promise.all([
        get('/api/auth/user', cookie),
        get('/api/auth/user', cookie),
        get('/api/auth/user', cookie),
      ]);
      const expected = new Date(now.getTime() + 7 * DAY);
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        const sid = res.cookies.find((c) => c.name === 'sid');
        expect(sid?.expires?.getTime()).toBe(expected.getTime());
      }
      expect(await storedExpiry(cookie)).toBe(expected.getTime());
      const after = await get('/api/auth/user', cookie);
      expect(after.headers['set-cookie']).toBeUndefined();
      // ESM namespaces may not be spied on; when they can be, one write for the three requests.
      if (extend.mock.calls.length) expect(extend).toHaveBeenCalledTimes(1);
    } finally {
      extend.mockRestore();
    }
  });

  it('keeps a session unused for less than the idle timeout', async () => {
    const { cookie } = await t.loginAs('user');
    now = new Date(now.getTime() + 6 * DAY + 22 * HOUR);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it('refuses a session unused for longer than the idle timeout, cached or not', async () => {
    // A second instance on the same database: its cache is cold.
    const cold = await createTestApp({ clock: { now: () => now }, database: t.database });
    try {
      const { cookie } = await t.loginAs('user');
      // Used a while after sign-in: the idle timeout runs from the last use, not from the sign-in.
      now = new Date(now.getTime() + 3 * DAY);
      expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
      now = new Date(now.getTime() + 7 * DAY + 1000);
      const coldAnswer = await cold.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(coldAnswer.statusCode).toBe(401);
      expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
    } finally {
      await cold.close();
    }
  });

  it('ends a session used every day at its absolute lifetime', async () => {
    const { cookie } = await t.loginAs('user');
    const signedInAt = now.getTime();
    for (let day = 1; day < 30; day++) {
      now = new Date(signedInAt + day * DAY);
      expect((await get('/api/auth/user', cookie)).statusCode, `day ${day}`).toBe(200);
      expect((await storedExpiry(cookie))!).toBeLessThanOrEqual(signedInAt + 30 * DAY);
    }
    now = new Date(signedInAt + 30 * DAY + 1000);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
  });

  it('keeps admin routes for admins, from the cache too', async () => {
    const user = await t.loginAs('user');
    const admin = await t.loginAs('admin');
    const announce = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers,
        payload: { title: 'Hello', message: 'Team meeting', userIds: [admin.user.id] },
      });
    for (let i = 0; i < 2; i++) {
      expect((await announce({ cookie: user.cookie })).statusCode).toBe(403);
      expect((await announce({ cookie: admin.cookie })).statusCode).toBe(201);
    }
    expect((await announce({ cookie: 'sid=not-a-session' })).statusCode).toBe(401);
    expect((await announce({})).statusCode).toBe(401);
  });
});
