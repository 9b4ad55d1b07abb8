import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('POST /api/isv/simulate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => new Date('2025-11-21T10:00:00Z') } });
  });
  afterAll(() => t.close());

  const simulate = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/isv/simulate', payload: payload as object });

  it('answers the itemised tax without signing in', async () => {
    const res = await simulate({
      fuel: 'petrol',
      engineCc: 1395,
      co2: 135,
      co2Cycle: 'wltp',
      firstRegistration: '2020-06-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isv: 830.23,
      iva: 0,
      breakdown: {
        cylinderComponent: 1631.07,
        environmentalComponent: 98.57,
        particleSurcharge: 0,
        ageReductionPercent: 52,
        intermediateRatePercent: 100,
        tableVersion: '2024',
      },
      notes: [],
    });
  });

  it('defaults the declaration date to today in Lisbon and notes an assumed CO2 cycle', async () => {
    const res = await simulate({
      fuel: 'diesel',
      engineCc: 1968,
      co2: 150,
      firstRegistration: '2017-03-01',
      price: 15000,
      mileageKm: 120000,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.breakdown).toMatchObject({ co2Cycle: 'nedc', particleSurcharge: 500, ageReductionPercent: 70 });
    expect(body.notes.join(' ')).toMatch(/NEDC assumed/);
  });

  it('computes IVA for a new car with a price', async () => {
    const res = await simulate({ fuel: 'electric', price: 40000, firstRegistration: null });
    expect(res.json()).toMatchObject({ isv: 0, iva: 9200 });
  });

  it.each([
    [{ fuel: 'petrol', engineCc: 1500 }, 'co2', 'co2 is required for a petrol car'],
    [{ fuel: 'diesel', co2: 120 }, 'engineCc', 'engineCc is required for a diesel car'],
    [{ fuel: 'petrol', engineCc: 0, co2: 100 }, 'engineCc', 'engineCc must be a positive whole number of cm3'],
    [{ fuel: 'petrol', engineCc: 1499.5, co2: 100 }, 'engineCc', 'engineCc must be a positive whole number of cm3'],
    [{ fuel: 'hydrogen', engineCc: 1500, co2: 100 }, 'fuel', 'fuel must be one of petrol, diesel, electric, lpg'],
    [
      { fuel: 'petrol', engineCc: 1500, co2: 100, firstRegistration: '2026-01-01' },
      'firstRegistration',
      'firstRegistration is after the declaration date',
    ],
    [
      { fuel: 'petrol', engineCc: 1500, co2: 100, firstRegistration: '2021-02-30' },
      'firstRegistration',
      'firstRegistration must be a real date written YYYY-MM-DD',
    ],
    [
      { fuel: 'petrol', engineCc: 1500, co2: 100, declarationDate: '2024-06-01' },
      'declarationDate',
      'declarationDate must be on or after 2025-01-01 (no tax tables before it)',
    ],
    [{ fuel: 'petrol', engineCc: 1500, co2: 100, co2Cycle: 'epa' }, 'co2Cycle', 'co2Cycle must be wltp or nedc'],
    [{ fuel: 'electric', hybrid: 'plugin' }, 'hybrid', 'hybrid must be none for a battery electric car'],
  ])('answers 400 naming the wrong field: %j', async (payload, field, message) => {
    const res = await simulate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('names every wrong field at once', async () => {
    const res = await simulate({ fuel: 'petrol' });
    expect(Object.keys(res.json().fields).sort()).toEqual(['co2', 'engineCc']);
  });
});
