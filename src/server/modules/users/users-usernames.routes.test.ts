import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { securityAuditLog, users } from '#server/db/schema/auth.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('usernames: admins only, and history follows the id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (cookie: string, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: { cookie }, payload });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('refuses role user renaming themself with 403 on the field, changing nothing', async () => {
    const { user, cookie } = await t.loginAs('user');
    const before = await row(user.id);
    for (const username of [`${user.username}-new`, user.username.toUpperCase()]) {
      const res = await put(cookie, user.id, { username, firstName: 'Changed' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'Only an administrator can change a username',
        fields: { username: 'Only an administrator can change a username' },
      });
    }
    expect(await row(user.id)).toEqual(before);
    // Sending the username unchanged, or not at all, is fine.
    expect((await put(cookie, user.id, { username: user.username, firstName: 'Same' })).statusCode).toBe(200);
    expect((await put(cookie, user.id, { firstName: 'Absent' })).statusCode).toBe(200);
  });

  it('lets an admin rename a user or themself; the audit history stays with the id', async () => {
    const { user: admin, cookie: adminCookie } = await t.loginAs('admin');
    const user = await t.createUser();
    const oldName = user.username;
    const userCookie = await t.login(oldName);
    const renamed = await put(adminCookie, user.id, { username: `${oldName}-renamed` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ username: `${oldName}-renamed`, email: user.email });
    expect((await put(adminCookie, admin.id, { username: `${admin.username}-2` })).statusCode).toBe(200);

    // Someone new takes the old name: the old history is not theirs.
    const newcomer = await t.createUser({ username: oldName, email: `newcomer-${user.id}@example.pt` });
    await t.login(oldName);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: userCookie } });

    const history = await t.services.audit.historyOfUser(user.id);
    expect(history.map((e) => [e.event, e.username])).toEqual([
      ['logout', `${oldName}-renamed`.toLowerCase()],
      ['login_success', oldName.toLowerCase()],
    ]);
    const theirs = await t.services.audit.historyOfUser(newcomer.id);
    expect(theirs.map((e) => [e.event, e.userId])).toEqual([['login_success', newcomer.id]]);
  });

  it('records the id on sign-in failures of a known account, and none for an unknown name', async () => {
    const user = await t.createUser();
    const fail = (username: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'Wr0ngPassword' } });
    expect((await fail(user.username)).statusCode).toBe(401);
    expect((await fail(`nobody-${user.id}`)).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.event, 'login_failure'))
      .orderBy(desc(securityAuditLog.id))
      .limit(2);
    expect(rows.map((r) => r.userId)).toEqual([null, user.id]);
  });
});
