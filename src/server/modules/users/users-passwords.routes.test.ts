import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { securityAuditLog, users } from '#server/db/schema/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '#test/test-app.ts';

const NEW_PASSWORD = 'Fresh3rPassw0rd';

describe('password changes end the other sessions at once, on every instance', () => {
  let t: TestApp;
  let other: TestApp; // a second instance on the same database and event hub
  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({ database: t.database, hub: t.hub });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const me = (app: TestApp, cookie: string) =>
    app.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const put = (cookie: string, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: { cookie }, payload });

  it("one's own change keeps the current session and ends the others, cached or not", async () => {
    const user = await t.createUser();
    const current = await t.login(user.username);
    const sameInstance = await t.login(user.username);
    const otherInstance = await t.login(user.username);
    // Warm both caches: a revocation must not wait for them to expire.
    expect((await me(t, sameInstance)).statusCode).toBe(200);
    expect((await me(other, otherInstance)).statusCode).toBe(200);

    const res = await put(current, user.id, { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);

    expect((await me(t, current)).statusCode).toBe(200);
    expect((await me(t, sameInstance)).statusCode).toBe(401);
    expect((await me(other, otherInstance)).statusCode).toBe(401);
    expect((await me(other, current)).statusCode).toBe(200);
  });

  it("an admin's reset ends every session of that user and none of the admin's", async () => {
    const { cookie: adminCookie } = await t.loginAs('admin');
    const user = await t.createUser();
    const a = await t.login(user.username);
    const b = await t.login(user.username);
    expect((await me(t, a)).statusCode).toBe(200);
    expect((await me(other, b)).statusCode).toBe(200);

    const res = await put(adminCookie, user.id, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await me(t, a)).statusCode).toBe(401);
    expect((await me(other, b)).statusCode).toBe(401);
    expect((await me(t, adminCookie)).statusCode).toBe(200);
    expect((await me(other, adminCookie)).statusCode).toBe(200);
  });

  it('an edit without a new password ends no session', async () => {
    const { cookie: adminCookie } = await t.loginAs('admin');
    const user = await t.createUser();
    const a = await t.login(user.username);
    expect((await put(adminCookie, user.id, { firstName: 'Kept' })).statusCode).toBe(200);
    expect((await put(a, user.id, { lastName: 'Signed-in' })).statusCode).toBe(200);
    expect((await me(other, a)).statusCode).toBe(200);
  });
});

describe("a new password of one's own needs the current one", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (cookie: string, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: { cookie }, payload });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  for (const role of ['user', 'admin'] as const) {
    it(`refuses a missing or wrong current password with 400 on the field, changing nothing (${role})`, async () => {
      const { user, cookie } = await t.loginAs(role);
      const otherSession = await t.login(user.username);
      const before = await row(user.id);
      const cases: [Record<string, unknown>, string][] = [
        [{}, 'Enter your current password to set a new one'],
        [{ currentPassword: '' }, 'Enter your current password to set a new one'],
        [{ currentPassword: 'Wr0ngPassword' }, 'Current password is incorrect'],
      ];
      for (const [extra, message] of cases) {
        const res = await put(cookie, user.id, { firstName: 'Changed', password: NEW_PASSWORD, ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json()).toEqual({ code: 'VALIDATION', message, fields: { currentPassword: message } });
      }
      expect(await row(user.id)).toEqual(before);
      const stillIn = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: otherSession } });
      expect(stillIn.statusCode).toBe(200);
      const audit = await t.database.db.select().from(securityAuditLog).where(eq(securityAuditLog.userId, user.id));
      expect(audit.map((a) => a.event)).not.toContain('password_changed');
    });
  }

  it('does not ask for it when nothing but names change', async () => {
    const { user, cookie } = await t.loginAs('user');
    expect((await put(cookie, user.id, { firstName: 'Only', currentPassword: 'ignored' })).statusCode).toBe(200);
  });
});
