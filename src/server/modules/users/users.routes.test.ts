import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { securityAuditLog, users } from '#server/db/schema/auth.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '#test/test-app.ts';
import { LAST_ADMIN_DEMOTE } from '#shared/schemas/users.ts';
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

  describe('validation: 400, a message per field, nothing stored', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      ['a username of spaces', { username: '     ' }, 'username', 'Username must be at least 3 characters'],
      ['an invalid email', { email: 'not-an-email' }, 'email', 'Valid email is required'],
      ['an empty email', { email: '' }, 'email', 'Valid email is required'],
      [
        'a short password',
        { password: 'Ab1' },
        'password',
        'Password must be at least 8 characters with uppercase, lowercase, and number',
      ],
      [
        'a password without uppercase',
        { password: 'lowercase1' },
        'password',
        'Password must be at least 8 characters with uppercase, lowercase, and number',
      ],
      [
        'a password without lowercase',
        { password: 'UPPERCASE1' },
        'password',
        'Password must be at least 8 characters with uppercase, lowercase, and number',
      ],
      [
        'a password without a digit',
        { password: 'NoDigitsHere' },
        'password',
        'Password must be at least 8 characters with uppercase, lowercase, and number',
      ],
    ];

    for (const [label, change, field, message] of cases) {
      it(`refuses ${label}`, async () => {
        const { user, cookie } = await t.loginAs('user');
        const before = await row(user.id);
        const payload = { ...profileOf(user), firstName: 'Changed', ...change };
        const res = await put(cookie, user.id, payload);
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.code).toBe('VALIDATION');
        expect(body.fields).toEqual({ [field]: message });
        expect(body.message).toBe(message);
        expect(await row(user.id)).toEqual(before);
      });
    }

    it('refuses a null email, naming the field (an account keeps an e-mail)', async () => {
      const { user, cookie } = await t.loginAs('user');
      const res = await put(cookie, user.id, { email: null, firstName: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['email']);
      expect((await row(user.id)).firstName).toBeNull();
    });

    it('names every failing field at once', async () => {
      const { user, cookie } = await t.loginAs('user');
      const res = await put(cookie, user.id, { username: 'x', email: 'nope', password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        username: 'Username must be at least 3 characters',
        email: 'Valid email is required',
        password: 'Password must be at least 8 characters with uppercase, lowercase, and number',
      });
    });
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

describe('the last admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(); // its own database: no other admin exists here
  });
  afterAll(() => t.close());

  it('cannot lose the admin role (409), while a second admin can be demoted', async () => {
    const { user: admin, cookie } = await t.loginAs('admin');
    const profile = { username: admin.username, email: admin.email };

    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      headers: { cookie },
      payload: { ...profile, role: 'user' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({
      code: 'CONFLICT',
      message: LAST_ADMIN_DEMOTE,
      fields: { role: LAST_ADMIN_DEMOTE },
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(stored!.role).toBe('admin');

    const second = await t.createUser({ role: 'admin' });
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${second.id}`,
      headers: { cookie },
      payload: { username: second.username, email: second.email, role: 'user' },
    });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().role).toBe('user');

    // Alone again: still refused.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      headers: { cookie },
      payload: { ...profile, role: 'user' },
    });
    expect(again.statusCode).toBe(409);
  });
});

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

describe('PUT /api/users/:id keeps every field it was not sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // One field at a time; everything else must read back as it was.
  const changes: Record<string, (id: number) => unknown> = {
    username: (id) => `solo-${id}`,
    email: (id) => `solo-${id}@example.pt`,
    firstName: () => 'Solo',
    lastName: () => 'Field',
    role: () => 'admin',
    password: () => NEW_PASSWORD,
  };
  for (const [field, value] of Object.entries(changes)) {
    it(`changes only ${field}`, async () => {
      const { cookie } = await t.loginAs('admin');
      const target = await t.createUser({ firstName: 'Keep', email: `keep-${Math.random()}@example.pt` });
      await t.database.db.update(users).set({ lastName: 'Me' }).where(eq(users.id, target.id));
      const [before] = await t.database.db.select().from(users).where(eq(users.id, target.id));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: { cookie },
        payload: { [field]: value(target.id) },
      });
      expect(res.statusCode).toBe(200);
      const [after] = await t.database.db.select().from(users).where(eq(users.id, target.id));
      const key = field as keyof UserRow;
      const unchanged = (u: UserRow) => ({ ...u, [key]: undefined, updatedAt: undefined, version: undefined });
      expect(unchanged(after!)).toEqual(unchanged(before!));
      if (key !== 'password') expect(after![key]).toBe(value(target.id));
      else expect(after!.password).not.toBe(before!.password);
    });
  }

  it('clears a name sent as null or blank', async () => {
    const { cookie } = await t.loginAs('admin');
    const target = await t.createUser({ firstName: 'Gone' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      headers: { cookie },
      payload: { firstName: null, lastName: '' },
    });
    expect(res.json()).toMatchObject({ firstName: null, lastName: null, username: target.username });
  });
});
