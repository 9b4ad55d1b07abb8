import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/auth.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { LAST_ADMIN_DEMOTE } from '#shared/schemas/users.ts';

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
