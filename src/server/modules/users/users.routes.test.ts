import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { securityAuditLog, users } from '#server/db/schema/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '#test/test-app.ts';
import type { UserRow } from './users.repository.ts';

const NEW_PASSWORD = 'Fresh3rPassw0rd';

describe('PUT /api/users/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (cookie: string, id: number, payload: Record<string, unknown>, remoteAddress?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: { cookie },
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const loginStatus = async (username: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })).statusCode;
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  /** The fields the profile dialog sends, filled from the user as stored. */
  const profileOf = (u: UserRow) => ({
    username: u.username,
    email: u.email,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
  });

  it('updates the own profile and returns the user without the password', async () => {
    const { user, cookie } = await t.loginAs('user');
    const payload = {
      username: user.username,
      email: `renamed-${user.id}@example.pt`,
      firstName: 'Joana',
      lastName: 'Silva',
    };
    const res = await put(cookie, user.id, payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, ...payload, role: 'user' });
    expect(body).not.toHaveProperty('password');
    expect(res.body).not.toContain('argon2');
    expect(await row(user.id)).toMatchObject({ id: user.id, ...payload, role: 'user' });
    // The same session sees the change at once.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ username: payload.username, firstName: 'Joana', lastName: 'Silva' });
  });

  it('stores blank first and last names as null', async () => {
    const { user, cookie } = await t.loginAs('user');
    const res = await put(cookie, user.id, { ...profileOf(user), firstName: '  ', lastName: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: null, lastName: null });
  });

  it('keeps the current password when the password is blank or absent', async () => {
    const { user, cookie } = await t.loginAs('user');
    const before = await row(user.id);
    for (const password of ['', '   ', undefined]) {
      const res = await put(cookie, user.id, {
        ...profileOf(user),
        firstName: 'Rui',
        ...(password === undefined ? {} : { password }),
      });
      expect(res.statusCode, JSON.stringify(password)).toBe(200);
    }
    const after = await row(user.id);
    expect(after.password).toBe(before.password);
    expect(after.firstName).toBe('Rui');
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(200);
    const audit = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.username, user.username.toLowerCase()));
    expect(audit.map((a) => a.event)).not.toContain('password_changed');
  });

  it('changes the password: the new one signs in, the old one fails, and the change is audited with the address', async () => {
    const { user, cookie } = await t.loginAs('user');
    const res = await put(
      cookie,
      user.id,
      { ...profileOf(user), password: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
      '198.51.100.23',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('password');
    expect((await row(user.id)).password).toMatch(/^\$argon2id\$/);

    const [changed] = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.event, 'password_changed'))
      .orderBy(desc(securityAuditLog.id))
      .limit(1);
    expect(changed).toMatchObject({
      userId: user.id,
      username: user.username.toLowerCase(),
      ipAddress: '198.51.100.23',
      details: 'changed own password',
    });

    expect(await loginStatus(user.username, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(401);
  });

  it('answers 403 to role user editing someone else, and changes nothing', async () => {
    const { cookie } = await t.loginAs('user');
    const other = await t.createUser();
    const before = await row(other.id);
    const res = await put(cookie, other.id, { ...profileOf(other), firstName: 'Hijacked', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Access Denied' });
    expect(await row(other.id)).toEqual(before);
    expect(await loginStatus(other.username, TEST_PASSWORD)).toBe(200);
  });

  it('answers 403 to role user on an unknown id (no probing for ids)', async () => {
    const { cookie } = await t.loginAs('user');
    const res = await put(cookie, 987654, { username: 'ghost-user', email: 'ghost@example.pt' });
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const other = await t.createUser();
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${other.id}`, payload: profileOf(other) });
    expect(res.statusCode).toBe(401);
  });

  it('lets an admin edit another user, including the password', async () => {
    const { user: admin, cookie } = await t.loginAs('admin');
    const other = await t.createUser();
    const res = await put(cookie, other.id, {
      ...profileOf(other),
      firstName: 'Edited',
      lastName: 'ByAdmin',
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: other.id, firstName: 'Edited', lastName: 'ByAdmin', role: 'user' });
    expect(await loginStatus(other.username, NEW_PASSWORD)).toBe(200);
    const [changed] = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.event, 'password_changed'))
      .orderBy(desc(securityAuditLog.id))
      .limit(1);
    expect(changed).toMatchObject({ username: other.username.toLowerCase(), details: `changed by ${admin.username}` });
  });

  it('refuses role user changing their own role (403), but accepts the unchanged role', async () => {
    const { user, cookie } = await t.loginAs('user');
    const before = await row(user.id);
    const res = await put(cookie, user.id, { ...profileOf(user), firstName: 'Sneaky', role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(await row(user.id)).toEqual(before);
    const same = await put(cookie, user.id, { ...profileOf(user), firstName: 'Honest', role: 'user' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ firstName: 'Honest', role: 'user' });
  });

  it('rejects an unknown role with 400', async () => {
    const { user, cookie } = await t.loginAs('admin');
    const res = await put(cookie, user.id, { ...profileOf(user), role: 'superuser' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('role');
  });

  it('answers 409 with a clear message to a username or email already in use (case-insensitively)', async () => {
    const { user, cookie } = await t.loginAs('admin');
    const other = await t.createUser({ username: `Taken${process.pid}`, email: `taken-${process.pid}@example.pt` });
    const before = await row(user.id);

    const byName = await put(cookie, user.id, { ...profileOf(user), username: other.username.toUpperCase() });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toEqual({
      code: 'CONFLICT',
      message: 'Username already taken',
      fields: { username: 'Username already taken' },
    });

    const byEmail = await put(cookie, user.id, { ...profileOf(user), email: other.email!.toUpperCase() });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toEqual({
      code: 'CONFLICT',
      message: 'Email already in use',
      fields: { email: 'Email already in use' },
    });

    expect(await row(user.id)).toEqual(before);
    // Keeping one's own username and email is not a conflict.
    expect((await put(cookie, user.id, profileOf(user))).statusCode).toBe(200);
  });

  it('answers 404 to an admin editing an unknown user', async () => {
    const { cookie } = await t.loginAs('admin');
    const res = await put(cookie, 987654, { username: 'ghost-user', email: 'ghost@example.pt' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
  });

  it('answers 400 to an id that is not a positive integer', async () => {
    const { cookie } = await t.loginAs('admin');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/abc',
      headers: { cookie },
      payload: { username: 'valid-name', email: 'a@example.pt' },
    });
    expect(res.statusCode).toBe(400);
  });

  it("ends the affected user's sessions on an admin's role change; the next sign-in has the new role", async () => {
    const { cookie: adminCookie } = await t.loginAs('admin');
    const { user, cookie } = await t.loginAs('user');
    // Warm the session cache with role user.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json().role).toBe(
      'user',
    );
    const announce = (as: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: { cookie: as },
        payload: { title: 'Hi', message: 'Team', userIds: [user.id] },
      });
    expect((await announce(cookie)).statusCode).toBe(403);

    const promoted = await put(adminCookie, user.id, { ...profileOf(user), role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('admin');
    // The old session is gone at once (cache invalidated); the admin's own session is kept.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: adminCookie } })).statusCode,
    ).toBe(200);

    const promotedCookie = await t.login(user.username);
    expect((await announce(promotedCookie)).statusCode).toBe(201);

    const demoted = await put(adminCookie, user.id, { ...profileOf(user), role: 'user' });
    expect(demoted.statusCode).toBe(200);
    expect((await announce(promotedCookie)).statusCode).toBe(401);
  });

  it('publishes user_updated to staff on every change', async () => {
    const { user, cookie } = await t.loginAs('user');
    const seen: unknown[] = [];
    const unsubscribe = t.hub.subscribe((event) => seen.push(event));
    try {
      expect((await put(cookie, user.id, { ...profileOf(user), firstName: 'Evented' })).statusCode).toBe(200);
    } finally {
      unsubscribe();
    }
    expect(seen).toEqual([{ type: 'user_updated', data: { userId: user.id }, audience: { kind: 'staff' } }]);
  });
});
