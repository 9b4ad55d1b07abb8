import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { securityAuditLog, users } from '#server/db/schema/auth.ts';
import { unique } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { STALE_USER } from './users.service.ts';

const NEW_PASSWORD = 'Fresh3rPassw0rd';

// User management (ADR 029): admins list, add, edit and delete staff.
describe('users administration', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.loginAs('admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload, remoteAddress: '203.0.113.7' });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const lastAudit = async (event: string) =>
    (
      await t.database.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.event, event))
        .orderBy(desc(securityAuditLog.id))
        .limit(1)
    )[0];
  const sessionStatus = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode;
  const newUser = () => {
    const username = unique('staff');
    return { username, email: `${username}@example.pt`, password: NEW_PASSWORD, role: 'user', firstName: 'Rita' };
  };

  describe('GET /api/users', () => {
    it('lists live accounts without passwords, searches name, username and e-mail', async () => {
      const ana = await t.createUser({ firstName: 'Anabela', username: unique('anabela') });
      const res = await call('GET', '/api/users', admin.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: number; username: string; version: number }[];
      expect(list.map((u) => u.id)).toContain(ana.id);
      expect(res.body).not.toContain('argon2');
      expect(list.find((u) => u.id === ana.id)).toMatchObject({ version: 1, role: 'user', firstName: 'Anabela' });

      for (const search of ['anabel', 'ANABELA', ana.email!.slice(0, 12), 'Anabela ']) {
        const found = (await call('GET', `/api/users?search=${encodeURIComponent(search)}`, admin.cookie)).json();
        expect(
          found.map((u: { id: number }) => u.id),
          search,
        ).toContain(ana.id);
      }
      const none = (await call('GET', '/api/users?search=%25_nobody', admin.cookie)).json();
      expect(none).toEqual([]);
    });
  });

  describe('POST /api/users (Add User)', () => {
    it('creates an account that can sign in, audited as user_created with the address', async () => {
      const input = newUser();
      const res = await call('POST', '/api/users', admin.cookie, input);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ username: input.username, email: input.email, role: 'user', version: 1 });
      expect(created).not.toHaveProperty('password');
      expect((await row(created.id)).password).toMatch(/^\$argon2id\$/);
      expect(await t.login(input.username, NEW_PASSWORD)).toMatch(/^sid=/);
      expect(await lastAudit('user_created')).toMatchObject({
        userId: created.id,
        username: input.username.toLowerCase(),
        ipAddress: '203.0.113.7',
        details: `created by ${admin.user.username} with role user`,
      });
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      ['an invalid email', { email: 'nope' }, 'email', 'Valid email is required'],
      ['a missing email', { email: undefined }, 'email', 'Valid email is required'],
      ['a short password', { password: 'Ab1' }, 'password', 'Password must be at least 8 characters long'],
      [
        'a password without lowercase',
        { password: 'UPPERCASE1' },
        'password',
        'Password must contain at least one lowercase letter',
      ],
      [
        'a password without uppercase',
        { password: 'lowercase1' },
        'password',
        'Password must contain at least one uppercase letter',
      ],
      [
        'a password without a digit',
        { password: 'NoDigitsHere' },
        'password',
        'Password must contain at least one number',
      ],
      ['an unknown role', { role: 'owner' }, 'role', 'Please select a role'],
      ['no role', { role: undefined }, 'role', 'Please select a role'],
    ];
    for (const [label, change, field, message] of cases) {
      it(`refuses ${label} with the spec's message and stores nothing`, async () => {
        const input = { ...newUser(), ...change };
        const res = await call('POST', '/api/users', admin.cookie, input);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({ [field]: message });
        const list = (await call('GET', '/api/users', admin.cookie)).json() as { username: string }[];
        expect(list.map((u) => u.username)).not.toContain(input.username);
      });
    }

    it('refuses a taken username or e-mail, whatever the case (409, naming the field)', async () => {
      const existing = await t.createUser();
      const byName = await call('POST', '/api/users', admin.cookie, {
        ...newUser(),
        username: existing.username.toUpperCase(),
      });
      expect(byName.statusCode).toBe(409);
      expect(byName.json().fields).toEqual({ username: 'Username already taken' });
      const byEmail = await call('POST', '/api/users', admin.cookie, {
        ...newUser(),
        email: existing.email!.toUpperCase(),
      });
      expect(byEmail.statusCode).toBe(409);
      expect(byEmail.json().fields).toEqual({ email: 'Email already in use' });
    });
  });

  describe('PUT /api/users/:id (Edit User)', () => {
    it('changes a role: audited as role_changed, and every session of that user ends', async () => {
      const { user, cookie } = await t.loginAs('user');
      const other = await t.login(user.username);
      const res = await call('PUT', `/api/users/${user.id}`, admin.cookie, { role: 'admin', version: user.version });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'admin', version: user.version + 1 });
      expect(await sessionStatus(cookie)).toBe(401);
      expect(await sessionStatus(other)).toBe(401);
      expect(await sessionStatus(admin.cookie)).toBe(200);
      expect(await lastAudit('role_changed')).toMatchObject({
        userId: user.id,
        ipAddress: '203.0.113.7',
        details: `user -> admin by ${admin.user.username}`,
      });
    });

    it("resets a password: the old one fails, the user's sessions end, audited as password_changed", async () => {
      const { user, cookie } = await t.loginAs('user');
      const res = await call('PUT', `/api/users/${user.id}`, admin.cookie, { password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(await sessionStatus(cookie)).toBe(401);
      await expect(t.login(user.username)).rejects.toThrow(/401/);
      expect(await t.login(user.username, NEW_PASSWORD)).toMatch(/^sid=/);
      expect(await lastAudit('password_changed')).toMatchObject({
        userId: user.id,
        details: `changed by ${admin.user.username}`,
      });
    });

    it('keeps the password and the sessions when the password is blank', async () => {
      const { user, cookie } = await t.loginAs('user');
      const before = await row(user.id);
      const res = await call('PUT', `/api/users/${user.id}`, admin.cookie, { password: '', firstName: 'Marta' });
      expect(res.statusCode).toBe(200);
      expect((await row(user.id)).password).toBe(before.password);
      expect(await sessionStatus(cookie)).toBe(200);
    });

    it('refuses a stale version (409 STALE_VERSION) and changes nothing; If-Match works too', async () => {
      const target = await t.createUser({ firstName: 'First' });
      const first = await call('PUT', `/api/users/${target.id}`, admin.cookie, { firstName: 'Second', version: 1 });
      expect(first.statusCode).toBe(200);
      expect(first.json().version).toBe(2);
      const stale = await call('PUT', `/api/users/${target.id}`, admin.cookie, { firstName: 'Third', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ code: 'STALE_VERSION', message: STALE_USER });
      expect(STALE_USER).toBe('This user was changed by someone else. Reload to see the latest.');
      expect((await row(target.id)).firstName).toBe('Second');

      const viaHeader = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: { cookie: admin.cookie, 'if-match': '"1"' },
        payload: { firstName: 'Third' },
      });
      expect(viaHeader.statusCode).toBe(409);
      const fresh = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: { cookie: admin.cookie, 'if-match': '"2"' },
        payload: { firstName: 'Third' },
      });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toMatchObject({ firstName: 'Third', version: 3 });
    });
  });
});
