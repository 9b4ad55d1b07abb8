import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '#server/db/schema/imports.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Windows: current (2026-05-01T12:00Z, NOW], previous (2026-04-01T12:00Z, 2026-05-01T12:00Z].
const NOW = new Date('2026-05-31T12:00:00Z');
const d = (iso: string) => new Date(`${iso}Z`);

describe('GET /api/dashboard/stats', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
    ({ cookie } = await t.loginAs('user'));
  });
  afterAll(() => t.close());

  const stats = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const flat = { change: 0, period: 'vs previous 30 days' };

  it('answers zeros and empty lists on an empty database', async () => {
    expect(await stats()).toEqual({
      totalLeads: 0,
      activeImports: 0,
      completedImports: 0,
      revenue: 0,
      trends: { totalLeads: flat, activeImports: flat, completedImports: flat, revenue: flat },
      recentLeads: [],
      recentActiveImports: [],
    });
  });

  it('computes the four figures, their trends against the previous 30 days, and the two short lists', async () => {
    const db = t.database.db;
    const lead = (reference: string, createdAt: string) =>
      insertLead(db, {
        reference,
        firstName: reference,
        vehicleMake: 'BMW',
        vehicleModel: 'X3',
        createdAt: d(createdAt),
        lastInteractionAt: d(createdAt),
      });
    await lead('OLD', '2026-01-10T00:00:00');
    await lead('P1', '2026-04-15T00:00:00');
    await lead('P2', '2026-05-01T12:00:00'); // the boundary belongs to the previous window
    await lead('C1', '2026-05-10T00:00:00');
    const c2 = await lead('C2', '2026-05-20T00:00:00');
    await lead('C3', '2026-05-31T12:00:00'); // now: the current window

    const imp = (
      clientName: string,
      status: string,
      createdAt: string,
      servicePrice: string | null,
      updatedAt = createdAt,
    ) =>
      db
        .insert(imports)
        .values({
          clientName,
          vehicleMake: 'Audi',
          vehicleModel: 'Q5',
          vehicleYear: 2021,
          status,
          servicePrice,
          createdAt: d(createdAt),
          // Delivered on this day: the completed trend counts by the date the status was entered.
          statusChangedAt: d(updatedAt),
        })
        .returning();
    await imp('A', 'confirmed', '2026-05-05T00:00:00', '1000.00');
    await imp('B', 'in_transit', '2026-04-10T00:00:00', '2000.50');
    await imp('C', 'arrived', '2026-04-20T00:00:00', null);
    await imp('D', 'delivered', '2026-03-01T00:00:00', '3000.00', '2026-05-15T00:00:00');
    await imp('E', 'delivered', '2026-02-01T00:00:00', '500.00', '2026-04-05T00:00:00');
    await imp('F', 'canceled', '2026-05-06T00:00:00', '9999.00');
    await imp('G', 'confirmed', '2026-05-20T00:00:00', '1500.00');
    await imp('H', 'delivered', '2026-04-02T00:00:00', '250.00', '2026-05-25T00:00:00');

    await t.app.inject({ method: 'POST', url: `/api/leads/${c2.id}/seen`, headers: { cookie } });
    const s = await stats();
    expect(s).toMatchObject({
      totalLeads: 6,
      activeImports: 4, // A, B, C, G
      completedImports: 3, // D, E, H
      revenue: 8250.5, // everything but the canceled F
      trends: {
        totalLeads: { change: 50, period: 'vs previous 30 days' }, // 3 vs 2
        activeImports: { change: 0, period: 'vs previous 30 days' }, // created and still active: A, G vs B, C
        completedImports: { change: 100, period: 'vs previous 30 days' }, // delivered (status entered) in the window: D, H vs E
        revenue: { change: 11.1, period: 'vs previous 30 days' }, // 2500 vs 2250.50 (F canceled, not counted)
      },
    });
    expect(s.recentLeads.map((l: { reference: string; seen: boolean }) => [l.reference, l.seen])).toEqual([
      ['C3', false],
      ['C2', true],
      ['C1', false],
    ]);
    expect(s.recentLeads[0]).toMatchObject({
      firstName: 'C3',
      createdAt: '2026-05-31T12:00:00.000Z',
      status: 'requested',
      starred: false,
    });
    expect(s.recentActiveImports).toEqual([
      {
        id: expect.any(Number),
        clientName: 'G',
        vehicleMake: 'Audi',
        vehicleModel: 'Q5',
        vehicleYear: 2021,
        status: 'confirmed',
        createdAt: '2026-05-20T00:00:00.000Z',
      },
      expect.objectContaining({ clientName: 'A' }),
      expect.objectContaining({ clientName: 'C', status: 'arrived' }),
    ]);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });
});
