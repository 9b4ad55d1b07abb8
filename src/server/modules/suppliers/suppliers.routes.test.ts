import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { importCosts, suppliers } from '#server/db/schema/imports.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { Supplier } from '#shared/schemas/suppliers.ts';
import { insertCost, insertImport } from '#test/import-factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const STALE = 'This supplier was changed by someone else. Reload to see the latest.';

describe('suppliers: list with totals, add, edit, delete (refused with costs), versions', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('user'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, payload, headers: { cookie, ...headers } });
  const supplierCount = async () => Number((await t.database.db.select({ n: count() }).from(suppliers))[0]!.n);
  const create = async (body: object) => {
    const res = await call('POST', '/api/suppliers', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Supplier>();
  };

  it('adds a supplier: trimmed, blanks null, zero totals, version 1, live event', async () => {
    const events: HubEvent[] = [];
    const off = t.hub.subscribe((e) => events.push(e));
    const s = await create({
      name: '  Transportes Norte ',
      country: 'Germany',
      vatId: 'DE123',
      email: 'ops@norte.de',
      phone: '',
      address: ' ',
      notes: 'Trucks',
    });
    off();
    expect(s).toMatchObject({
      name: 'Transportes Norte',
      country: 'Germany',
      vatId: 'DE123',
      email: 'ops@norte.de',
      phone: null,
      address: null,
      notes: 'Trucks',
      totals: { costCount: 0, costsTotal: '0.00', unpaidCount: 0, unpaidTotal: '0.00' },
      version: 1,
    });
    expect(events).toEqual([
      expect.objectContaining({ type: 'supplier_changed', data: expect.objectContaining({ supplierId: s.id }) }),
    ]);
    expect((await call('GET', `/api/suppliers/${s.id}`)).json()).toEqual(s);
  });

  it('refuses a bad supplier with clear messages and writes nothing', async () => {
    const before = await supplierCount();
    const res = await call('POST', '/api/suppliers', { name: ' ', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: 'Name is required', email: 'Valid email is required' });
    const long = await call('POST', '/api/suppliers', { name: 'x'.repeat(256) });
    expect(long.json().fields).toEqual({ name: 'Name is at most 255 characters' });
    expect((await call('POST', '/api/suppliers', {})).json().fields).toEqual({ name: 'Name is required' });
    expect(await supplierCount()).toBe(before);
  });

  it('lists suppliers by name with their totals (costs, unpaid), exact', async () => {
    const b = await create({ name: 'b Logistics' });
    const a = await create({ name: 'A Inspections' });
    const imp = await insertImport(t.database.db);
    await insertCost(t.database.db, { importId: imp.id, supplierId: b.id, value: '0.10', paid: true });
    await insertCost(t.database.db, { importId: imp.id, supplierId: b.id, value: '0.20' });
    await insertCost(t.database.db, { importId: imp.id, supplierId: b.id, value: '1000.05' });
    const list = (await call('GET', '/api/suppliers')).json<Supplier[]>();
    const names = list.map((s) => s.name);
    expect(names.indexOf('A Inspections')).toBeLessThan(names.indexOf('b Logistics'));
    expect(list.find((s) => s.id === b.id)!.totals).toEqual({
      costCount: 3,
      costsTotal: '1000.35',
      unpaidCount: 2,
      unpaidTotal: '1000.25',
    });
    expect(list.find((s) => s.id === a.id)!.totals.costCount).toBe(0);
  });

  it('edits any subset, with versions: a stale write answers 409 and changes nothing', async () => {
    const s = await create({ name: 'Oficina', country: 'Portugal' });
    const edited = await call('PUT', `/api/suppliers/${s.id}`, { phone: '+351 210 000 000', version: 1 });
    expect(edited.json()).toMatchObject({
      name: 'Oficina',
      country: 'Portugal',
      phone: '+351 210 000 000',
      version: 2,
    });
    const stale = await call('PUT', `/api/suppliers/${s.id}`, { name: 'Other', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'STALE_VERSION', message: STALE });
    expect((await call('GET', `/api/suppliers/${s.id}`)).json()).toMatchObject({ name: 'Oficina', version: 2 });
    expect((await call('PUT', `/api/suppliers/${s.id}`, { name: '' })).json().fields).toEqual({
      name: 'Name is required',
    });
    expect((await call('PUT', `/api/suppliers/${s.id}`, { version: 2 })).json()).toMatchObject({
      message: 'Nothing to update',
    });
    expect((await call('PUT', '/api/suppliers/2000000', { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/suppliers/2000000')).json()).toMatchObject({ message: 'Supplier not found' });
  });

  it('refuses to delete a supplier with recorded costs, naming it; nothing is lost', async () => {
    const s = await create({ name: 'Transportes Sul' });
    const imp = await insertImport(t.database.db);
    await insertCost(t.database.db, { importId: imp.id, supplierId: s.id });
    await insertCost(t.database.db, { importId: imp.id, supplierId: s.id });
    const res = await call('DELETE', `/api/suppliers/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message:
        'Cannot delete Transportes Sul: it has 2 recorded costs. Costs are part of the books, so a supplier with costs stays.',
    });
    expect((await call('GET', `/api/suppliers/${s.id}`)).statusCode).toBe(200);
    const costs = await t.database.db.select().from(importCosts).where(eq(importCosts.supplierId, s.id));
    expect(costs).toHaveLength(2);
  });

  it('deletes a supplier without costs (If-Match checked) and answers 404 after', async () => {
    const s = await create({ name: 'Short-lived' });
    await call('PUT', `/api/suppliers/${s.id}`, { notes: 'x' });
    expect((await call('DELETE', `/api/suppliers/${s.id}`, undefined, { 'if-match': '"1"' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/suppliers/${s.id}`, undefined, { 'if-match': '"2"' })).json()).toEqual({
      ok: true,
    });
    expect((await call('DELETE', `/api/suppliers/${s.id}`)).statusCode).toBe(404);
  });
});
