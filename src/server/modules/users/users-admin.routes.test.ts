import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { securityAuditLog, users } from '#server/db/schema/auth.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { CANNOT_DELETE_SELF, DELETED_USER_SUFFIX, LAST_ADMIN_DELETE } from '#shared/schemas/users.ts';
import { insertLead, insertProposal, insertTimelineEntry, unique } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { STALE_USER } from './users.service.ts';

const NEW_PASSWORD = 'Fresh3rPassw0rd';

// User management (document 2, sections 5 and 6; ADR 029): admins list, add, edit and delete staff.
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

  describe('DELETE /api/users/:id', () => {
    it("refuses an admin's own account and changes nothing", async () => {
      const res = await call('DELETE', `/api/users/${admin.user.id}`, admin.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: CANNOT_DELETE_SELF });
      expect(CANNOT_DELETE_SELF).toBe('You cannot delete your own account');
      expect((await row(admin.user.id)).deletedAt).toBeNull();
      expect(await sessionStatus(admin.cookie)).toBe(200);
    });

    it('never deletes the last admin (the rule holds below the route too)', async () => {
      const fresh = await createTestApp();
      try {
        const { user: onlyAdmin } = await fresh.loginAs('admin');
        const { user: staff } = await fresh.loginAs('user');
        // The route lets only admins call; the service still refuses whoever asks to remove the last admin.
        await expect(fresh.services.users.remove(staff, onlyAdmin.id, { ip: '127.0.0.1' })).rejects.toMatchObject({
          code: 'CONFLICT',
          message: LAST_ADMIN_DELETE,
        });
        const [stored] = await fresh.database.db.select().from(users).where(eq(users.id, onlyAdmin.id));
        expect(stored!.deletedAt).toBeNull();
        // With a second admin, one may delete the other.
        const second = await fresh.loginAs('admin');
        expect(
          (
            await fresh.app.inject({
              method: 'DELETE',
              url: `/api/users/${onlyAdmin.id}`,
              headers: { cookie: second.cookie },
            })
          ).statusCode,
        ).toBe(200);
      } finally {
        await fresh.close();
      }
    });

    it('deletes an account but keeps what it made; the author shows as a deleted user', async () => {
      const { user, cookie } = await t.loginAs('user');
      await t.database.db.update(users).set({ firstName: 'Nuno', lastName: 'Reis' }).where(eq(users.id, user.id));
      const lead = await insertLead(t.database.db, { assignedTo: user.id });
      const entry = await insertTimelineEntry(t.database.db, { leadId: lead.id, createdBy: user.id });
      const proposal = await insertProposal(t.database.db, { leadId: lead.id, createdBy: user.id });

      const res = await call('DELETE', `/api/users/${user.id}`, admin.cookie);
      expect(res.statusCode).toBe(200);

      // Gone from the list, signed out, cannot sign in.
      const list = (await call('GET', '/api/users', admin.cookie)).json() as { id: number }[];
      expect(list.map((u) => u.id)).not.toContain(user.id);
      expect(await sessionStatus(cookie)).toBe(401);
      await expect(t.login(user.username)).rejects.toThrow(/401/);
      // Its records stay, with their author.
      const timeline = (await call('GET', `/api/leads/${lead.id}/timeline`, admin.cookie)).json() as {
        id: number;
        createdByName: string | null;
      }[];
      expect(timeline.find((e) => e.id === entry.id)?.createdByName).toBe(`Nuno Reis${DELETED_USER_SUFFIX}`);
      const [kept] = await t.database.db.select().from(proposals).where(eq(proposals.id, proposal.id));
      expect(kept!.createdBy).toBe(user.id);
      const keptLead = await call('GET', `/api/leads/${lead.id}`, admin.cookie);
      expect(keptLead.statusCode).toBe(200);
      expect(keptLead.json().assignedTo).toBe(user.id);
      // Audited; the e-mail and password are gone from the kept row.
      expect(await lastAudit('user_deleted')).toMatchObject({
        userId: user.id,
        username: user.username.toLowerCase(),
        ipAddress: '203.0.113.7',
        details: `deleted by ${admin.user.username}`,
      });
      const stored = await row(user.id);
      expect(stored).toMatchObject({ email: null, firstName: 'Nuno' });
      expect(stored.deletedAt).not.toBeNull();
      expect(stored.password).not.toMatch(/argon2/);

      // The username and e-mail are free for someone new; the old account stays deleted.
      const again = await call('POST', '/api/users', admin.cookie, {
        ...newUser(),
        username: user.username,
        email: user.email,
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).not.toBe(user.id);
      // Deleting twice: not found.
      expect((await call('DELETE', `/api/users/${user.id}`, admin.cookie)).statusCode).toBe(404);
      expect((await call('PUT', `/api/users/${user.id}`, admin.cookie, { firstName: 'Back' })).statusCode).toBe(404);
    });
  });

  describe('role user', () => {
    it('gets 403 on every user-management and audit call, and nothing changes', async () => {
      const { user, cookie } = await t.loginAs('user');
      const victim = await t.createUser();
      const count = async () => (await t.database.db.select().from(users)).length;
      const before = await count();
      const calls: [string, string, object?][] = [
        ['GET', '/api/users'],
        ['POST', '/api/users', newUser()],
        ['DELETE', `/api/users/${victim.id}`],
        ['GET', '/api/admin/security-audit-logs'],
        ['PUT', `/api/users/${victim.id}`, { firstName: 'Hacked' }],
        ['PUT', `/api/users/${user.id}`, { role: 'admin' }],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(method as 'GET', url, cookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await count()).toBe(before);
      expect(await row(victim.id)).toMatchObject({ firstName: null, deletedAt: null });
      expect((await row(user.id)).role).toBe('user');
    });
  });
});
