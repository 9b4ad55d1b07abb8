import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { imports } from '#server/db/schema/imports.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const NOW = new Date('2026-05-10T12:00:00Z'); // current year 2026: import year up to 2027
let now = NOW;
const STALE = 'This import was changed by someone else. Reload to see the latest.';

describe('imports: create, convert a lead, read, edit, stage moves, versions', () => {
  let t: TestApp;
  let me: UserRow;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    ({ user: me, cookie } = await t.loginAs('user'));
    await t.createUser({ role: 'admin', firstName: 'Rui', username: 'rui.admin' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, payload, headers: { cookie, ...headers } });
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
