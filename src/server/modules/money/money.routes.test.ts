import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_FIXTURE_TOTALS as T,
  FIXTURE_NOW,
  FIXTURE_TAG,
  insertDashboardFixture,
} from '#test/dashboard-fixture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /api/money/owed and its CSV (ADR 067)', () => {
  let t: TestApp;
  let cookie: string;
  let ids: Awaited<ReturnType<typeof insertDashboardFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => FIXTURE_NOW } });
    const session = await t.loginAs('user');
    cookie = session.cookie;
    ids = await insertDashboardFixture(t.database.db, session.user.id);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lists what customers owe and what we owe suppliers, with totals to the cent', async () => {
    const res = await get('/api/money/owed');
    expect(res.statusCode).toBe(200);
    const owed = res.json();
    expect(owed.invoicedUnpaid).toEqual({
      rows: [
        {
          importId: ids.importIds.i1,
          clientName: `Ana ${FIXTURE_TAG}`,
          vehicle: '2021 Skoda Octavia',
          status: 'delivered',
          amount: '2500.50',
          invoicedAt: '2025-03-28T09:00:00.000Z',
          daysSinceInvoiced: 18,
        },
      ],
      total: T.owed.invoicedUnpaid,
    });
    expect(owed.notInvoiced.total).toBe(T.owed.notInvoiced);
    expect(owed.notInvoiced.rows).toEqual([
      expect.objectContaining({
        importId: ids.importIds.i4,
        amount: '1800.00',
        deliveredAt: '2025-02-27T10:00:00.000Z',
        daysSinceDelivered: 47,
      }),
    ]);
    expect(owed.suppliersUnpaid.total).toBe(T.owed.suppliersUnpaid);
    expect(
      owed.suppliersUnpaid.suppliers.map((s: { supplierName: string; total: string }) => [s.supplierName, s.total]),
    ).toEqual([
      [`Inspeções ${FIXTURE_TAG}`, '249.99'],
      [`Transportes ${FIXTURE_TAG}`, '1000.10'],
    ]);
    expect(owed.suppliersUnpaid.suppliers[0].costs.map((c: { value: string }) => c.value)).toEqual(['199.99', '50.00']);
  });

  it('follows the import: paying the service takes it off the list', async () => {
    const before = (await get('/api/money/owed')).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${ids.importIds.i4}`,
      headers: { cookie },
      payload: { invoiced: true },
    });
    const after = (await get('/api/money/owed')).json();
    expect(after.notInvoiced.total).toBe('0.00');
    // Just invoiced (the clock's now): 0 days.
    expect(after.invoicedUnpaid.total).toBe('4300.50');
    expect(after.invoicedUnpaid.rows.at(-1)).toMatchObject({ importId: ids.importIds.i4, daysSinceInvoiced: 0 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${ids.importIds.i4}`,
      headers: { cookie },
      payload: { paid: true },
    });
    expect((await get('/api/money/owed')).json().invoicedUnpaid.total).toBe(before.invoicedUnpaid.total);
  });

  it('exports CSV the Portuguese way by default, English on request', async () => {
    const pt = await get('/api/money/owed.csv');
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(pt.headers['content-disposition']).toBe('attachment; filename="money-owed-2025-04-15.csv"');
    const lines = pt.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Section;Customer or supplier;Import ID;Vehicle;Status;Amount (EUR);Date;Days;Notes');
    expect(lines).toContain(
      `Invoiced, not paid;Ana ${FIXTURE_TAG};${ids.importIds.i1};2021 Skoda Octavia;Delivered;2500,50;2025-03-28 09:00;18;`,
    );
    expect(lines).toContain('Supplier costs not paid;Total;;;;1250,09;;;');
    const en = await get('/api/money/owed.csv?format=en');
    expect(en.body).toContain('Supplier costs not paid,Total,,,,1250.09,,,');
    expect((await get('/api/money/owed.csv?format=xx')).statusCode).toBe(400);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await get('/api/money/owed', {})).statusCode).toBe(401);
    expect((await get('/api/money/owed.csv', {})).statusCode).toBe(401);
  });
});
