import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { importStatusHistory, imports } from '#server/db/schema/imports.ts';
import { leads, leadTimeline } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { insertLead, insertProposal } from '#test/factories.ts';
import { insertCost, insertSupplier } from '#test/import-factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const NOW = new Date('2026-05-10T12:00:00Z'); // current year 2026: import year up to 2027
let now = NOW;
const STALE = 'This import was changed by someone else. Reload to see the latest.';

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

  it("'Create New Import': confirmed, exact money, first stage in the history, version 1", async () => {
    const created = await create({
      clientEmail: ' ana@example.pt ',
      clientPhone: '912 345 678',
      clientVatId: 'PT123456789',
      clientAddress: 'Rua A, Lisboa',
      vehicleYear: '2021',
      vehicleVin: ' wba123 ',
      vehiclePrice: '24.500,50 €',
      vehicleIsv: 3120.4,
      servicePrice: '2340',
      notes: 'Black',
      deliveryNotes: '',
    });
    expect(created).toMatchObject({
      leadId: null,
      leadReference: null,
      proposalId: null,
      clientName: 'Ana Silva',
      clientEmail: 'ana@example.pt',
      vehicleYear: 2021,
      vehicleVin: 'WBA123',
      vehiclePrice: '24500.50',
      vehicleIsv: '3120.40',
      servicePrice: '2340.00',
      status: 'confirmed',
      invoiced: false,
      paid: false,
      notes: 'Black',
      deliveryNotes: null,
      daysInStage: 0,
      costs: [],
      finance: {
        costsTotal: '0.00',
        costsInvoicedToUs: '0.00',
        costsPassedAlong: '0.00',
        ourInvoiceValue: '2340.00',
        profit: '2340.00',
      },
      version: 1,
    });
    expect(created.publicId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.history).toEqual([
      { status: 'confirmed', changedAt: NOW.toISOString(), changedBy: { id: me.id, name: expect.any(String) } },
    ]);
    const read = await call('GET', `/api/imports/${created.id}`);
    expect(read.json()).toEqual(created);
  });

  it('refuses bad input with the exact messages and writes nothing', async () => {
    const before = await importCount();
    const res = await call('POST', '/api/imports', {
      clientName: '  ',
      clientEmail: 'not-an-email',
      vehicleMake: '',
      vehicleYear: 2028,
      vehiclePrice: 'abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      clientName: 'Client name is required',
      clientEmail: 'Valid email is required',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      vehicleYear: 'Year must be 2027 or earlier',
      vehiclePrice: 'Vehicle price must be an amount in euros',
    });
    const negative = await call('POST', '/api/imports', {
      clientName: 'A',
      vehicleMake: 'B',
      vehicleModel: 'C',
      servicePrice: -5,
      vehicleYear: 1899,
    });
    expect(negative.json().fields).toMatchObject({
      servicePrice: 'Service price must be 0 or more',
      vehicleYear: 'Year must be 1900 or later',
    });
    expect(await importCount()).toBe(before);
  });

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

  it('edits any subset of fields; stage moves are recorded with time and user; days in stage', async () => {
    const created = await create({ servicePrice: '1000' });
    now = new Date('2026-05-12T08:00:00Z');
    const moved = await call('PUT', `/api/imports/${created.id}`, { status: 'handling_paperwork', version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'handling_paperwork', version: 2, daysInStage: 0 });
    now = new Date('2026-05-15T09:00:00Z');
    const jumped = await call('PUT', `/api/imports/${created.id}`, { status: 'canceled' }, { 'if-match': '"2"' });
    expect(jumped.json()).toMatchObject({ status: 'canceled', version: 3 });
    now = new Date('2026-05-18T10:00:00Z');
    const back = (await call('PUT', `/api/imports/${created.id}`, { status: 'in_transit' })).json<Import>();
    expect(back.history.map((h) => [h.status, h.changedAt])).toEqual([
      ['confirmed', NOW.toISOString()],
      ['handling_paperwork', '2026-05-12T08:00:00.000Z'],
      ['canceled', '2026-05-15T09:00:00.000Z'],
      ['in_transit', '2026-05-18T10:00:00.000Z'],
    ]);
    expect(back.history[1]!.changedBy).toEqual({ id: me.id, name: expect.any(String) });
    now = new Date('2026-05-21T11:00:00Z');
    const later = (await call('GET', `/api/imports/${created.id}`)).json<Import>();
    expect(later).toMatchObject({ daysInStage: 3, statusChangedAt: '2026-05-18T10:00:00.000Z' });
    // The same status again, or other fields: no history row, statusChangedAt kept.
    const same = (
      await call('PUT', `/api/imports/${created.id}`, {
        status: 'in_transit',
        notes: 'Ship arrives Monday',
        invoiced: true,
        paid: true,
        servicePrice: '1.200,00',
        clientName: 'Ana M. Silva',
      })
    ).json<Import>();
    expect(same).toMatchObject({
      notes: 'Ship arrives Monday',
      invoiced: true,
      paid: true,
      servicePrice: '1200.00',
      clientName: 'Ana M. Silva',
      statusChangedAt: '2026-05-18T10:00:00.000Z',
      vehicleMake: 'BMW',
    });
    expect(same.history).toHaveLength(4);
    now = NOW;
  });

  it('a write based on a stale version answers 409 and changes nothing (body or If-Match)', async () => {
    const created = await create();
    const first = await call('PUT', `/api/imports/${created.id}`, { notes: 'First', version: 1 });
    expect(first.json().version).toBe(2);
    const stale = await call('PUT', `/api/imports/${created.id}`, { notes: 'Second', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'STALE_VERSION', message: STALE });
    const staleHeader = await call('PUT', `/api/imports/${created.id}`, { status: 'arrived' }, { 'if-match': '1' });
    expect(staleHeader.statusCode).toBe(409);
    const read = (await call('GET', `/api/imports/${created.id}`)).json<Import>();
    expect(read).toMatchObject({ notes: 'First', status: 'confirmed', version: 2 });
    expect(read.history).toHaveLength(1);
    const badHeader = await call('PUT', `/api/imports/${created.id}`, { notes: 'x' }, { 'if-match': 'abc' });
    expect(badHeader.statusCode).toBe(400);
    const noVersion = await call('PUT', `/api/imports/${created.id}`, { notes: 'Last write wins' });
    expect(noVersion.json()).toMatchObject({ notes: 'Last write wins', version: 3 });
  });

  it('answers Import not found, Nothing to update and refuses bad statuses', async () => {
    expect((await call('GET', '/api/imports/2000000')).json()).toMatchObject({ message: 'Import not found' });
    const put = await call('PUT', '/api/imports/2000000', { notes: 'x' });
    expect(put.statusCode).toBe(404);
    const created = await create();
    expect((await call('PUT', `/api/imports/${created.id}`, { version: 1 })).json()).toMatchObject({
      message: 'Nothing to update',
    });
    expect((await call('PUT', `/api/imports/${created.id}`, { status: 'lost' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/imports/${created.id}`, { clientName: '' })).json().fields).toEqual({
      clientName: 'Client name is required',
    });
  });

  it('shows each cost in the detail finances, exact to the cent', async () => {
    const created = await create({ servicePrice: '2340.00' });
    const supplier = await insertSupplier(t.database.db, { name: 'Transportes Norte' });
    await insertCost(t.database.db, { importId: created.id, supplierId: supplier.id, value: '1500.00' });
    await insertCost(t.database.db, {
      importId: created.id,
      supplierId: supplier.id,
      value: '200.10',
      invoicedToUs: true,
    });
    await insertCost(t.database.db, {
      importId: created.id,
      supplierId: supplier.id,
      value: '639.91',
      invoicedToUs: true,
    });
    const detail = (await call('GET', `/api/imports/${created.id}`)).json<Import>();
    expect(detail.finance).toEqual({
      costsTotal: '2340.01',
      costsInvoicedToUs: '840.01',
      costsPassedAlong: '1500.00',
      ourInvoiceValue: '840.00',
      profit: '-0.01',
    });
    expect(detail.costs.map((c) => c.supplierName)).toEqual(Array(3).fill('Transportes Norte'));
  });

  it('keeps the history when the user who moved it is deleted (the name goes)', async () => {
    const other = await t.createUser({ firstName: 'Temp' });
    const otherCookie = await t.login(other.username);
    const created = await create();
    await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${created.id}`,
      payload: { status: 'arrived' },
      headers: { cookie: otherCookie },
    });
    const { users } = await import('#server/db/schema/auth.ts');
    await t.database.db.delete(users).where(eq(users.id, other.id));
    const history = await t.database.db
      .select()
      .from(importStatusHistory)
      .where(eq(importStatusHistory.importId, created.id));
    expect(history.map((h) => h.changedBy)).toEqual([me.id, null]);
    const detail = (await call('GET', `/api/imports/${created.id}`)).json<Import>();
    expect(detail.history[1]).toMatchObject({ status: 'arrived', changedBy: null });
  });

  it('feeds the dashboard: active and completed imports, revenue and the Active Imports card', async () => {
    now = new Date('2026-05-22T00:00:00Z'); // newer than every import made above
    const before = (await call('GET', '/api/dashboard/stats')).json();
    const created = await create({ servicePrice: '1000.50', clientName: 'Dashboard Client' });
    const mid = (await call('GET', '/api/dashboard/stats')).json();
    expect(mid.activeImports).toBe(before.activeImports + 1);
    expect(mid.revenue).toBeCloseTo(before.revenue + 1000.5, 2);
    expect(mid.recentActiveImports[0]).toMatchObject({ id: created.id, clientName: 'Dashboard Client' });
    await call('PUT', `/api/imports/${created.id}`, { status: 'delivered' });
    const after = (await call('GET', '/api/dashboard/stats')).json();
    expect(after.activeImports).toBe(before.activeImports);
    expect(after.completedImports).toBe(before.completedImports + 1);
    expect(after.recentActiveImports.map((i: { id: number }) => i.id)).not.toContain(created.id);
    now = NOW;
  });

  it('two staff saving the same version at once: one wins, the other gets the conflict', async () => {
    const created = await create();
    const [a, b] = await Promise.all([
      call('PUT', `/api/imports/${created.id}`, { notes: 'From Ana', version: 1 }),
      call('PUT', `/api/imports/${created.id}`, { status: 'arrived', version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toEqual({ code: 'STALE_VERSION', message: STALE });
    const read = (await call('GET', `/api/imports/${created.id}`)).json<Import>();
    expect(read.version).toBe(2);
    // Only the winner's change is there; a lost status move left no history row.
    if (a.statusCode === 200) expect(read).toMatchObject({ notes: 'From Ana', status: 'confirmed' });
    else expect(read).toMatchObject({ notes: null, status: 'arrived' });
    expect(read.history).toHaveLength(read.status === 'arrived' ? 2 : 1);
  });
});
