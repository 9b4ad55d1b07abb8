import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { imports } from '#server/db/schema/imports.ts';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { insertLead, insertProposal } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const NOW = new Date('2026-05-10T12:00:00Z'); // current year 2026: import year up to 2027
let now = NOW;

describe('imports: create, convert a lead, read, edit, stage moves, versions', () => {
  let t: TestApp;
  let me: UserRow;
  let cookie: string;
  let colleague: UserRow;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    ({ user: me, cookie } = await t.loginAs('user'));
    colleague = await t.createUser({ role: 'admin', firstName: 'Rui', username: 'rui.admin' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, payload, headers: { cookie, ...headers } });
  const capture = async (fn: () => Promise<unknown>) => {
    const events: HubEvent[] = [];
    const off = t.hub.subscribe((e) => events.push(e));
    try {
      await fn();
    } finally {
      off();
    }
    return events;
  };
  const importCount = async () => Number((await t.database.db.select({ n: count() }).from(imports))[0]!.n);
  const create = async (body: object = {}) => {
    const res = await call('POST', '/api/imports', {
      clientName: 'Ana Silva',
      vehicleMake: 'BMW',
      vehicleModel: '320d',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Import>();
  };

  it('converts a lead in one transaction: import, converted lead, timeline entry, notification, live events', async () => {
    const lead = await insertLead(t.database.db, { status: 'quoted', firstName: 'Carla' });
    const proposal = await insertProposal(t.database.db, { leadId: lead.id });
    now = new Date('2026-05-11T09:00:00Z');
    let created!: Import;
    const events = await capture(async () => {
      created = await create({ leadId: lead.id, proposalId: proposal.id, clientName: 'Carla Dias' });
    });
    expect(created).toMatchObject({
      leadId: lead.id,
      leadReference: lead.reference,
      proposalId: proposal.id,
      proposalPublicId: proposal.publicId,
    });
    const [after] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.status).toBe('converted');
    const entries = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, lead.id));
    expect(entries).toEqual([
      expect.objectContaining({
        type: 'chat',
        title: 'Quoted → Converted',
        description: `Import #${created.id} created for the BMW 320d.`,
        createdBy: me.id,
        metadata: { event: 'converted_to_import' },
      }),
    ]);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.relatedId, created.id));
    expect(notes.map((n) => n.userId)).toEqual([colleague.id]); // every other staff user, not the author
    expect(notes[0]).toMatchObject({ type: 'new_import', relatedType: 'import', title: 'New import' });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['import_created', 'lead_updated', 'notification_created']),
    );
    expect(events.find((e) => e.type === 'import_created')!.data).toEqual({ importId: created.id, byUserId: me.id });
    // The lead's timeline call shows it as a status change.
    const timeline = (await call('GET', `/api/leads/${lead.id}/timeline`)).json();
    expect(timeline[0]).toMatchObject({ title: 'Quoted → Converted' });
    now = NOW;
  });

  it('a failed conversion leaves the lead as it was: converted only after the import exists', async () => {
    const lead = await insertLead(t.database.db, { status: 'waiting' });
    const otherLead = await insertLead(t.database.db);
    const foreign = await insertProposal(t.database.db, { leadId: otherLead.id });
    const before = await importCount();
    const res = await call('POST', '/api/imports', {
      leadId: lead.id,
      proposalId: foreign.id,
      clientName: 'X',
      vehicleMake: 'Y',
      vehicleModel: 'Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { proposalId: 'That proposal belongs to another lead' } });
    const missingProposal = await call('POST', '/api/imports', {
      leadId: lead.id,
      proposalId: 2_000_000,
      clientName: 'X',
      vehicleMake: 'Y',
      vehicleModel: 'Z',
    });
    expect(missingProposal.json()).toMatchObject({ message: 'Proposal not found' });
    const missingLead = await call('POST', '/api/imports', {
      leadId: 2_000_000,
      clientName: 'X',
      vehicleMake: 'Y',
      vehicleModel: 'Z',
    });
    expect(missingLead.statusCode).toBe(404);
    expect(missingLead.json()).toMatchObject({ message: 'Lead not found' });
    expect(await importCount()).toBe(before);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.status).toBe('waiting');
    // The status edit alone still cannot make a lead converted.
    const edit = await call('PUT', `/api/leads/${lead.id}`, { status: 'converted' });
    expect(edit.statusCode).toBe(400);
  });

  it('rolls the import back when the lead conversion fails inside the transaction', async () => {
    const lead = await insertLead(t.database.db, { status: 'quoted' });
    const before = await importCount();
    // The timeline entry's insert fails (a trigger refuses it): the import must not stay behind.
    await t.database.db.execute(`create or replace function w13_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await t.database.db.execute(
      'create trigger w13_refuse_timeline before insert on lead_timeline for each row execute function w13_refuse()',
    );
    try {
      const res = await call('POST', '/api/imports', {
        leadId: lead.id,
        clientName: 'X',
        vehicleMake: 'Y',
        vehicleModel: 'Z',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute('drop trigger w13_refuse_timeline on lead_timeline');
    }
    expect(await importCount()).toBe(before);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.status).toBe('quoted');
  });
});
