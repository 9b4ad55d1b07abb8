import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog } from '#server/db/schema/auth.ts';
import { leads } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

/** Lead owners (ADR 065): on a lead, in bulk, by the rule for new leads, handed over on delete. */
describe('lead owners', () => {
  let t: TestApp;
  let admin: { id: number; username: string; cookie: string };
  let ana: { id: number; username: string; cookie: string };
  let rui: { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.loginAs('admin');
    admin = { id: a.user.id, username: a.user.username, cookie: a.cookie };
    const u = await t.loginAs('user');
    ana = { id: u.user.id, username: u.user.username, cookie: u.cookie };
    rui = await t.createUser({ firstName: 'Rui' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const ownerOf = async (id: number) =>
    (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0]!.assignedTo;

  it('sets the owner with the version read, refuses a stale one, audits and tells the new owner', async () => {
    const lead = await insertLead(t.database.db);
    const res = await call(
      'PUT',
      `/api/leads/${lead.id}/owner`,
      { assignedTo: rui.id, version: lead.version },
      ana.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ assignedTo: rui.id, version: lead.version + 1 });
    expect(await ownerOf(lead.id)).toBe(rui.id);

    const stale = await call(
      'PUT',
      `/api/leads/${lead.id}/owner`,
      { assignedTo: ana.id, version: lead.version },
      ana.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This lead was changed by someone else. Reload to see the latest.');
    expect(await ownerOf(lead.id)).toBe(rui.id);

    const audit = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(
        and(eq(securityAuditLog.event, 'lead_owner_changed'), like(securityAuditLog.details, `${lead.reference}:%`)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toBe(`${lead.reference}: nobody → Rui`);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, rui.id));
    expect(told.map((n) => n.title)).toContain(`Lead ${lead.reference} assigned to you`);

    const gone = await call('PUT', `/api/leads/${lead.id}/owner`, { assignedTo: 2_000_000 }, ana.cookie);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields.assignedTo).toBe('That staff member no longer exists: choose another');
    expect((await call('PUT', `/api/leads/${lead.id}/owner`, { assignedTo: null })).statusCode).toBe(401);
  });

  it('assigns in bulk and the list filters by owner', async () => {
    const a = await insertLead(t.database.db, { lastName: 'Bulk' });
    const b = await insertLead(t.database.db, { lastName: 'Bulk' });
    const res = await call('POST', '/api/leads/owner', { ids: [a.id, b.id], assignedTo: ana.id }, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    const mine = await call('GET', '/api/leads?owner=me', undefined, ana.cookie);
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items as { id: number; assignedTo: number }[];
    expect(items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(items.every((i) => i.assignedTo === ana.id)).toBe(true);
    expect((await call('POST', '/api/leads/owner', { ids: [], assignedTo: null }, ana.cookie)).statusCode).toBe(400);
  });

  it('gives new leads an owner by the rule: round robin, then per mailbox', async () => {
    expect(
      (
        await call(
          'PUT',
          '/api/settings/lead-owner-rule',
          { mode: 'none', userIds: [], geralUserId: null, comercialUserId: null },
          ana.cookie,
        )
      ).statusCode,
    ).toBe(403);
    const missing = await call(
      'PUT',
      '/api/settings/lead-owner-rule',
      { mode: 'round_robin', userIds: [], geralUserId: null, comercialUserId: null },
      admin.cookie,
    );
    expect(missing.statusCode).toBe(400);

    const saved = await call(
      'PUT',
      '/api/settings/lead-owner-rule',
      { mode: 'round_robin', userIds: [ana.id, rui.id], geralUserId: null, comercialUserId: null, version: 0 },
      admin.cookie,
    );
    expect(saved.statusCode).toBe(200);
    const version = saved.json().version as number;
    const manual = async (emailSource: string) => {
      const r = await call(
        'POST',
        '/api/leads/manual',
        { firstName: 'Novo', vehicleMake: 'Fiat', vehicleModel: 'Uno', emailSource },
        admin.cookie,
      );
      expect(r.statusCode).toBe(201);
      return ownerOf(r.json().id as number);
    };
    expect([await manual('geral'), await manual('geral'), await manual('comercial')]).toEqual([ana.id, rui.id, ana.id]);

    const stale = await call(
      'PUT',
      '/api/settings/lead-owner-rule',
      { mode: 'none', userIds: [], geralUserId: null, comercialUserId: null, version: version - 1 },
      admin.cookie,
    );
    expect(stale.statusCode).toBe(409);
    const byMailbox = await call(
      'PUT',
      '/api/settings/lead-owner-rule',
      { mode: 'mailbox', userIds: [], geralUserId: rui.id, comercialUserId: null, version },
      admin.cookie,
    );
    expect(byMailbox.statusCode).toBe(200);
    expect([await manual('geral'), await manual('comercial')]).toEqual([rui.id, null]);
    const read = await call('GET', '/api/settings/lead-owner-rule', undefined, ana.cookie);
    expect(read.json()).toMatchObject({ mode: 'mailbox', geralUserId: rui.id, version: version + 1 });
    await call(
      'PUT',
      '/api/settings/lead-owner-rule',
      { mode: 'none', userIds: [], geralUserId: null, comercialUserId: null },
      admin.cookie,
    );
  });

  it('hands a deleted user’s leads to the staff member the admin picks', async () => {
    const leaving = await t.createUser({ firstName: 'Sai' });
    const lead = await insertLead(t.database.db, { assignedTo: leaving.id });
    const self = await call('DELETE', `/api/users/${leaving.id}?leadsTo=${leaving.id}`, undefined, admin.cookie);
    expect(self.statusCode).toBe(400);
    expect(await ownerOf(lead.id)).toBe(leaving.id);
    const res = await call('DELETE', `/api/users/${leaving.id}?leadsTo=${ana.id}`, undefined, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(await ownerOf(lead.id)).toBe(ana.id);
    const options = (await call('GET', '/api/lead-owners', undefined, ana.cookie)).json() as { id: number }[];
    expect(options.map((o) => o.id)).not.toContain(leaving.id);
    expect(options.map((o) => o.id)).toContain(rui.id);
  });
});
