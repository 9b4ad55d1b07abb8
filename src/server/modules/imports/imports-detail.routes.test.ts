import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { importStatusHistory } from '#server/db/schema/imports.ts';
import type { UserRow } from '#server/modules/users/users.repository.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { insertCost, insertSupplier } from '#test/import-factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const NOW = new Date('2026-05-10T12:00:00Z'); // current year 2026: import year up to 2027
const now = NOW;

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
});
