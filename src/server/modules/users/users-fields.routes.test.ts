import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/auth.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
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
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  /** The fields the profile dialog sends, filled from the user as stored. */
  const profileOf = (u: UserRow) => ({
    username: u.username,
    email: u.email,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
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
