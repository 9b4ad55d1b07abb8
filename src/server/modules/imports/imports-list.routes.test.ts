import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportListResponse } from '#shared/schemas/imports-list.ts';
import { insertCost, insertImport, insertSupplier } from '#test/import-factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const at = (day: number) => new Date(Date.UTC(2026, 3, day, 10));

describe('imports list: search, All / Active / Concluded, paging, CSV exports', () => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('user'));
    const db = t.database.db;
    const supplier = await insertSupplier(db, { name: 'Transportes; "Norte"', vatId: 'DE1' });
    const rows = [
      { key: 'bmw', clientName: 'Ana Silva', vehicleMake: 'BMW', vehicleModel: '320d', status: 'confirmed', day: 1 },
      { key: 'audi', clientName: 'Rui Costa', vehicleMake: 'Audi', vehicleModel: 'A4', status: 'in_transit', day: 2 },
      {
        key: 'tesla',
        clientName: 'Eva Lopes',
        vehicleMake: 'Tesla',
        vehicleModel: 'Model 3',
        status: 'delivered',
        day: 3,
      },
      {
        key: 'seat',
        clientName: '=Formula Lda',
        vehicleMake: 'Seat',
        vehicleModel: 'Leon',
        status: 'canceled',
        day: 4,
      },
      {
        key: 'mini',
        clientName: 'Zé 50% Santos',
        vehicleMake: 'Mini',
        vehicleModel: 'Cooper',
        status: 'arrived',
        day: 5,
      },
    ];
    for (const r of rows) {
      const row = await insertImport(db, {
        clientName: r.clientName,
        clientEmail: `${r.key}@example.pt`,
        vehicleMake: r.vehicleMake,
        vehicleModel: r.vehicleModel,
        vehicleVin: `VIN${r.key.toUpperCase()}123`,
        status: r.status,
        servicePrice: '2340.00',
        vehiclePrice: '25000.50',
        createdAt: at(r.day),
      });
      ids[r.key] = row.id;
    }
    await insertCost(db, { importId: ids.bmw!, supplierId: supplier.id, value: '2000.00', date: '2026-04-02' });
    await insertCost(db, { importId: ids.bmw!, supplierId: supplier.id, value: '340.01', date: '2026-04-03' });
    await insertCost(db, { importId: ids.audi!, supplierId: supplier.id, value: '99.99', date: '2026-04-05' });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/imports${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportListResponse>();
  };
  const keysOf = (r: ImportListResponse) => r.items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

  it('opens on Active (neither delivered nor canceled), newest first, with costs and profit', async () => {
    const r = await list('');
    expect(keysOf(r)).toEqual(['mini', 'audi', 'bmw']);
    expect(r.total).toBe(3);
    expect(r.nextCursor).toBeNull();
    const bmw = r.items.find((i) => i.id === ids.bmw)!;
    expect(bmw).toMatchObject({
      costsTotal: '2340.01',
      profit: '-0.01',
      servicePrice: '2340.00',
      vehiclePrice: '25000.50',
    });
    expect(r.items.find((i) => i.id === ids.mini)).toMatchObject({ costsTotal: '0.00', profit: '2340.00' });
  });

  it('filters All and Concluded', async () => {
    expect(keysOf(await list('?filter=all'))).toEqual(['mini', 'seat', 'tesla', 'audi', 'bmw']);
    expect(keysOf(await list('?filter=concluded'))).toEqual(['seat', 'tesla']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/imports?filter=late', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ filter: 'Filter must be all, active or concluded' });
  });

  it('searches client, e-mail, vehicle, VIN and id, case-insensitively, wildcards literal', async () => {
    expect(keysOf(await list('?filter=all&search=ANA'))).toEqual(['bmw']);
    expect(keysOf(await list('?filter=all&search=model%203'))).toEqual(['tesla']);
    expect(keysOf(await list('?filter=all&search=vinaudi'))).toEqual(['audi']);
    expect(keysOf(await list('?filter=all&search=rui@example'))).toEqual([]); // e-mail is key@example.pt
    expect(keysOf(await list('?filter=all&search=audi@example'))).toEqual(['audi']);
    expect(keysOf(await list('?filter=all&search=50%25'))).toEqual(['mini']);
    expect(keysOf(await list('?filter=all&search=_'))).toEqual([]);
    expect(keysOf(await list(`?filter=all&search=%23${ids.seat}`))).toEqual(['seat']);
    // Search and filter together: the Tesla is concluded.
    expect(keysOf(await list('?search=tesla'))).toEqual([]);
    expect((await list('?search=tesla')).total).toBe(0);
  });

  it('pages with an opaque cursor and refuses a forged one', async () => {
    const first = await list('?filter=all&limit=2');
    expect(keysOf(first)).toEqual(['mini', 'seat']);
    expect(first.total).toBe(5);
    const second = await list(`?filter=all&limit=2&cursor=${first.nextCursor}`);
    expect(keysOf(second)).toEqual(['tesla', 'audi']);
    const third = await list(`?filter=all&limit=2&cursor=${second.nextCursor}`);
    expect(keysOf(third)).toEqual(['bmw']);
    expect(third.nextCursor).toBeNull();
    const bad = await t.app.inject({ method: 'GET', url: '/api/imports?cursor=abc', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered list as CSV with the leads export rules (pt and en)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/imports/export.csv?filter=all', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="imports-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFID;Client;Email;Phone;Make;Model;Year;VIN;Status;Vehicle price (EUR);ISV (EUR);Service (EUR);Costs (EUR);Profit (EUR);Invoiced;Paid;Created',
    );
    expect(lines).toHaveLength(7); // header, 5 rows, trailing empty
    expect(lines.find((l) => l.startsWith(`${ids.bmw};`))).toBe(
      `${ids.bmw};Ana Silva;bmw@example.pt;;BMW;320d;;VINBMW123;Confirmed;25000,50;;2340,00;2340,01;-0,01;No;No;2026-04-01 11:00`,
    );
    // A client name a spreadsheet would run as a formula is neutralised.
    expect(lines.find((l) => l.startsWith(`${ids.seat};`))).toContain(";'=Formula Lda;");
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/imports/export.csv?search=ana&format=en',
      headers: { cookie },
    });
    expect(en.body.split('\r\n')[1]).toBe(
      `${ids.bmw},Ana Silva,bmw@example.pt,,BMW,320d,,VINBMW123,Confirmed,25000.50,,2340.00,2340.01,-0.01,No,No,2026-04-01 11:00`,
    );
  });

  it('exports cost lines, filtered by import, supplier and dates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/import-costs/export.csv', headers: { cookie } });
    expect(res.headers['content-disposition']).toMatch(/filename="import-costs-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFCost ID;Import ID;Client;Vehicle;VIN;Supplier;Supplier VAT ID;Date;Value (EUR);Invoiced to us;Invoiced;Paid;Notes',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+;${ids.bmw};Ana Silva;BMW 320d;VINBMW123;"Transportes; ""Norte""";DE1;2026-04-02;2000,00;No;No;No;$`,
      ),
    );
    const dated = await t.app.inject({
      method: 'GET',
      url: `/api/import-costs/export.csv?from=2026-04-03&to=2026-04-04&format=en`,
      headers: { cookie },
    });
    const datedLines = dated.body.split('\r\n').filter(Boolean);
    expect(datedLines).toHaveLength(2);
    expect(datedLines[1]).toContain(',2026-04-03,340.01,');
    const ofImport = await t.app.inject({
      method: 'GET',
      url: `/api/import-costs/export.csv?importId=${ids.audi}`,
      headers: { cookie },
    });
    expect(ofImport.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });
});
