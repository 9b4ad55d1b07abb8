import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { importCosts } from '#server/db/schema/imports.ts';
import type { HubEvent } from '#server/realtime/hub.ts';
import type { Import, ImportCost } from '#shared/schemas/imports.ts';
import { insertImport, insertSupplier } from '#test/import-factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const STALE = 'This cost was changed by someone else. Reload to see the latest.';

describe('import costs: add, edit full or flags, delete, versions', () => {
  let t: TestApp;
  let cookie: string;
  let supplierId: number;
  let otherSupplierId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('user'));
    supplierId = (await insertSupplier(t.database.db, { name: 'Transportes Norte' })).id;
    otherSupplierId = (await insertSupplier(t.database.db, { name: 'IMT' })).id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, payload, headers: { cookie, ...headers } });
  const costCount = async () => Number((await t.database.db.select({ n: count() }).from(importCosts))[0]!.n);
  const newImport = (servicePrice = '2340.00') => insertImport(t.database.db, { servicePrice });
  const add = async (importId: number, body: object = {}) => {
    const res = await call('POST', `/api/imports/${importId}/costs`, {
      supplierId,
      date: '2026-05-02',
      value: '1500',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ImportCost>();
  };

  it('adds a cost: flags default false, date as ISO kept as its day, exact value, live event', async () => {
    const imp = await newImport();
    const events: HubEvent[] = [];
    const off = t.hub.subscribe((e) => events.push(e));
    const cost = await add(imp.id, { date: '2026-05-03T00:00:00.000Z', value: '1.500,55', notes: 'Truck' });
    off();
    expect(cost).toMatchObject({
      importId: imp.id,
      supplierId,
      supplierName: 'Transportes Norte',
      date: '2026-05-03',
      value: '1500.55',
      notes: 'Truck',
      invoicedToUs: false,
      invoiced: false,
      paid: false,
      version: 1,
    });
    expect(events.map((e) => e.type)).toContain('import_updated');
    const list = (await call('GET', `/api/imports/${imp.id}/costs`)).json<ImportCost[]>();
    expect(list).toEqual([cost]);
  });

  it("refuses a bad cost with the form's messages and writes nothing", async () => {
    const imp = await newImport();
    const before = await costCount();
    const empty = await call('POST', `/api/imports/${imp.id}/costs`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      supplierId: 'Supplier is required',
      date: 'Date is required',
      value: 'Value is required',
    });
    const blank = await call('POST', `/api/imports/${imp.id}/costs`, { supplierId: 0, date: '', value: '' });
    expect(blank.json().fields).toEqual({
      supplierId: 'Supplier is required',
      date: 'Date is required',
      value: 'Value is required',
    });
    const bad = await call('POST', `/api/imports/${imp.id}/costs`, { supplierId, date: '2026-02-30', value: -1 });
    expect(bad.json().fields).toEqual({ date: 'Date must be a real date', value: 'Value must be 0 or more' });
    const noSupplier = await call('POST', `/api/imports/${imp.id}/costs`, {
      supplierId: 2_000_000,
      date: '2026-05-01',
      value: 1,
    });
    expect(noSupplier.statusCode).toBe(400);
    expect(noSupplier.json()).toMatchObject({ fields: { supplierId: 'Supplier not found' } });
    const noImport = await call('POST', '/api/imports/2000000/costs', { supplierId, date: '2026-05-01', value: 1 });
    expect(noImport.statusCode).toBe(404);
    expect(noImport.json()).toMatchObject({ message: 'Import not found' });
    expect((await call('GET', '/api/imports/2000000/costs')).statusCode).toBe(404);
    expect(await costCount()).toBe(before);
  });

  it('toggles each flag independently and the profit follows every change', async () => {
    const imp = await newImport('2000.00');
    const cost = await add(imp.id, { value: '500.00' });
    const detail = async () => (await call('GET', `/api/imports/${imp.id}`)).json<Import>();
    expect((await detail()).finance).toMatchObject({ costsPassedAlong: '500.00', ourInvoiceValue: '1500.00' });
    const toUs = await call('PUT', `/api/import-costs/${cost.id}`, { invoicedToUs: true, version: 1 });
    expect(toUs.json()).toMatchObject({ invoicedToUs: true, invoiced: false, paid: false, version: 2 });
    expect((await detail()).finance).toMatchObject({
      costsInvoicedToUs: '500.00',
      costsPassedAlong: '0.00',
      ourInvoiceValue: '2000.00',
      profit: '1500.00',
    });
    const paid = await call('PUT', `/api/import-costs/${cost.id}`, { paid: true, version: 2 });
    expect(paid.json()).toMatchObject({ invoicedToUs: true, invoiced: false, paid: true, version: 3 });
    const invoiced = await call('PUT', `/api/import-costs/${cost.id}`, { invoiced: true });
    expect(invoiced.json()).toMatchObject({ invoicedToUs: true, invoiced: true, paid: true, version: 4 });
    // The full form: every field at once, a new supplier.
    const full = await call('PUT', `/api/import-costs/${cost.id}`, {
      supplierId: otherSupplierId,
      date: '2026-06-01',
      value: '2000.01',
      notes: 'Registration',
      invoicedToUs: false,
      invoiced: false,
      paid: false,
      version: 4,
    });
    expect(full.json()).toMatchObject({ supplierName: 'IMT', value: '2000.01', date: '2026-06-01', version: 5 });
    expect((await detail()).finance.profit).toBe('-0.01');
    const badSupplier = await call('PUT', `/api/import-costs/${cost.id}`, { supplierId: 2_000_000 });
    expect(badSupplier.json()).toMatchObject({ fields: { supplierId: 'Supplier not found' } });
    expect((await call('PUT', `/api/import-costs/${cost.id}`, {})).json()).toMatchObject({
      message: 'Nothing to update',
    });
  });

  it('a stale cost write or delete answers 409 and changes nothing', async () => {
    const imp = await newImport();
    const cost = await add(imp.id);
    await call('PUT', `/api/import-costs/${cost.id}`, { paid: true, version: 1 });
    const stale = await call('PUT', `/api/import-costs/${cost.id}`, { value: '1', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'STALE_VERSION', message: STALE });
    const staleDelete = await call('DELETE', `/api/import-costs/${cost.id}`, undefined, { 'if-match': '"1"' });
    expect(staleDelete.statusCode).toBe(409);
    const [kept] = (await call('GET', `/api/imports/${imp.id}/costs`)).json<ImportCost[]>();
    expect(kept).toMatchObject({ value: '1500.00', paid: true, version: 2 });
    const deleted = await call('DELETE', `/api/import-costs/${cost.id}`, undefined, { 'if-match': '"2"' });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await call('GET', `/api/imports/${imp.id}/costs`)).json()).toEqual([]);
    const again = await call('DELETE', `/api/import-costs/${cost.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Cost not found' });
    expect((await call('PUT', `/api/import-costs/${cost.id}`, { paid: true })).statusCode).toBe(404);
  });

  it('deleting an import deletes its costs (the books follow the import)', async () => {
    const imp = await newImport();
    await add(imp.id);
    const { imports } = await import('#server/db/schema/imports.ts');
    const { eq } = await import('drizzle-orm');
    const before = await costCount();
    await t.database.db.delete(imports).where(eq(imports.id, imp.id));
    expect(await costCount()).toBe(before - 1);
  });
});
