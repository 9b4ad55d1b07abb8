import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { proposals } from '#server/db/schema/proposals.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('exchange rates and a proposal priced in zloty (ADR 055)', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => new Date('2026-11-28T10:00:00Z') } });
    ({ cookie: admin } = await t.loginAs('admin'));
    ({ cookie: user } = await t.loginAs('user'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('admins keep the table; staff read it; bad rows change nothing', async () => {
    const put = await call('PUT', '/api/exchange-rates', admin, {
      rates: [
        { currency: 'pln', eurPerUnit: '0,2345', rateDate: '2026-11-27' },
        { currency: 'CHF', eurPerUnit: '1.0650', rateDate: '2026-11-27' },
      ],
    });
    expect(put.statusCode).toBe(200);
    const expected = {
      rates: [
        { currency: 'CHF', eurPerUnit: '1.065', rateDate: '2026-11-27' },
        { currency: 'PLN', eurPerUnit: '0.2345', rateDate: '2026-11-27' },
      ],
    };
    expect(put.json()).toEqual(expected);
    expect((await call('GET', '/api/exchange-rates', user)).json()).toEqual(expected);
    expect((await call('PUT', '/api/exchange-rates', user, { rates: [] })).statusCode).toBe(403);
    const bad = await call('PUT', '/api/exchange-rates', admin, {
      rates: [{ currency: 'EUR', eurPerUnit: '1', rateDate: '2026-11-27' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Prices in euros need no rate');
    expect((await call('GET', '/api/exchange-rates', user)).json()).toEqual(expected);
  });

  it('stores a PLN proposal with the price as listed, the rate used and the euro price the taxes follow', async () => {
    const lead = await insertLead(t.database.db, { firstName: 'Ana' });
    const res = await call('POST', `/api/leads/${lead.id}/proposals`, user, {
      vehicleBrand: 'Skoda',
      vehicleModel: 'Octavia',
      vehicleFuelType: 'diesel',
      vehicleEngineSize: 1968,
      vehicleCo2Emissions: 119,
      vehicleFirstRegistration: '03/2021',
      vehicleMileage: 5000,
      listedPrice: '89900.00',
      listedCurrency: 'PLN',
      exchangeRate: '0.2345',
      exchangeRateDate: '2026-11-27',
      // Whatever the browser sent as euros is not trusted: the server converts.
      vehiclePrice: '89900.00',
      taxDeclarationDate: '2026-11-28',
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json().proposal;
    expect(saved).toMatchObject({
      listedPrice: '89900.00',
      listedCurrency: 'PLN',
      exchangeRate: '0.234500',
      exchangeRateDate: '2026-11-27',
      vehiclePrice: '21081.55',
    });
    expect(saved.isvCost).not.toBeNull();
    // 5000 km: new for VAT, so IVA is 23% of (price + ISV) in euros.
    const iva = Math.round((21081.55 + Number(saved.isvCost)) * 23) / 100;
    expect(Number(saved.ivaCost)).toBeCloseTo(iva, 2);
    const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, saved.id));
    expect(row).toMatchObject({ listedCurrency: 'PLN', exchangeRate: '0.234500', vehiclePrice: '21081.55' });
  });

  it('refuses a foreign price without a rate, saving nothing', async () => {
    const lead = await insertLead(t.database.db, { firstName: 'Rui' });
    const res = await call('POST', `/api/leads/${lead.id}/proposals`, user, {
      vehicleBrand: 'Dacia',
      listedPrice: '65000',
      listedCurrency: 'RON',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ exchangeRate: 'Enter the exchange rate: euros per RON' });
    expect(await t.database.db.select().from(proposals).where(eq(proposals.leadId, lead.id))).toEqual([]);
  });
});
