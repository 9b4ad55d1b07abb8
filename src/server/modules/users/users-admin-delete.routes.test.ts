import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { securityAuditLog, users } from '#server/db/schema/auth.ts';
import { proposals } from '#server/db/schema/proposals.ts';
import { CANNOT_DELETE_SELF, DELETED_USER_SUFFIX, LAST_ADMIN_DELETE } from '#shared/schemas/users.ts';
import { insertLead, insertProposal, insertTimelineEntry, unique } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

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
      // The lead stays; with no one named to take over, it becomes unassigned (ADR 065).
      expect(keptLead.json().assignedTo).toBe(null);
      // Audited; the e-mail and password are gone from the kept row.
      expect(await lastAudit('user_deleted')).toMatchObject({
        userId: user.id,
        username: user.username.toLowerCase(),
        ipAddress: '203.0.113.7',
        details: `deleted by ${admin.user.username}; 1 lead handed to nobody`,
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
