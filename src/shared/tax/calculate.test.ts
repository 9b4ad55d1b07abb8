import { describe, expect, it } from 'vitest';
import { calculateTax, defaultCo2Cycle, TaxInputError } from './calculate.ts';
import type { TaxInput } from './types.ts';
import { CYLINDER_BOUNDARIES, ENVIRONMENTAL_BOUNDARIES } from './boundaries.fixture.ts';

/** A new petrol car, EU, no hybrid: no reduction and no intermediate rate, so ISV = components. */
const base: TaxInput = {
  fuel: 'petrol',
  engineCc: 1500,
  co2: 120,
  co2Cycle: 'wltp',
  firstRegistration: null,
  declarationDate: '2025-06-10',
  registrationCountry: 'eu',
  hybrid: 'none',
  electricRangeKm: 0,
  euro6eBis: false,
  dieselParticlesBelowLimit: true,
};
const tax = (over: Partial<TaxInput>) => calculateTax({ ...base, ...over });
const AGE_REDUCTION = [10, 20, 28, 35, 43, 52, 60, 65, 70, 75, 80];

describe('environmental component: both sides of every band limit', () => {
  it.each(ENVIRONMENTAL_BOUNDARIES)('%s at %i g/km is %d EUR', (table, co2, expected) => {
    const [fuel, cycle] = table.split(' ') as ['petrol' | 'diesel', 'wltp' | 'nedc'];
    expect(tax({ fuel, co2, co2Cycle: cycle }).breakdown.environmentalComponent).toBe(expected);
  });
});

describe('cylinder component: both sides of every band limit', () => {
  it.each(CYLINDER_BOUNDARIES)('%i cm3 is %d EUR', (engineCc, expected) => {
    expect(tax({ engineCc }).breakdown.cylinderComponent).toBe(expected);
  });
});

describe('components add up, negatives included, and the result is never below 0', () => {
  it('adds a negative environmental component as it is', () => {
    const r = tax({ engineCc: 1998, co2: 30 }); // petrol WLTP 30 g/km: 30 x 0.44 - 43.02 = -29.82
    expect(r.breakdown.environmentalComponent).toBe(-29.82);
    expect(r.isv).toBe(Math.round((r.breakdown.cylinderComponent - 29.82) * 100) / 100);
  });
  it('floors the final ISV at 0 and applies no 100 EUR minimum', () => {
    expect(tax({ engineCc: 800, co2: 0 }).isv).toBe(0); // 22.97 - 43.02 < 0
    const small = tax({ engineCc: 1000, co2: 110 }); // 240.97 + 5.38
    expect(small.isv).toBe(246.35);
  });
  it('uses the petrol tables for LPG and the diesel tables for diesel', () => {
    expect(tax({ fuel: 'lpg', co2: 140 }).breakdown.environmentalComponent).toBe(
      tax({ fuel: 'petrol', co2: 140 }).breakdown.environmentalComponent,
    );
    expect(tax({ fuel: 'diesel', co2: 140 }).breakdown.environmentalComponent).toBe(1744.75); // 140 x 65.04 - 7360.85
  });
});

describe('age reduction on EU used cars (Tabela D): exact anniversaries', () => {
  for (let years = 1; years <= 10; years++) {
    it(`exactly ${years} year(s) old is in "up to ${years}", one day later in the next band`, () => {
      const firstRegistration = `${2025 - years}-06-10`;
      const onAnniversary = tax({ firstRegistration, declarationDate: '2025-06-10' });
      const dayAfter = tax({ firstRegistration, declarationDate: '2025-06-11' });
      expect(onAnniversary.breakdown.ageReductionPercent).toBe(AGE_REDUCTION[years - 1]);
      expect(dayAfter.breakdown.ageReductionPercent).toBe(AGE_REDUCTION[years]);
    });
  }
  it('same day and days old count as up to 1 year', () => {
    expect(tax({ firstRegistration: '2025-06-10' }).breakdown.ageReductionPercent).toBe(10);
    expect(tax({ firstRegistration: '2025-01-02' }).breakdown.ageReductionPercent).toBe(10);
  });
  it('counts a 29 February registration as a year older on 28 February (Civil Code art. 279)', () => {
    expect(tax({ firstRegistration: '2024-02-29', declarationDate: '2025-02-28' }).breakdown.ageReductionPercent).toBe(
      10,
    );
    expect(tax({ firstRegistration: '2024-02-29', declarationDate: '2025-03-01' }).breakdown.ageReductionPercent).toBe(
      20,
    );
    expect(tax({ firstRegistration: '2020-02-29', declarationDate: '2025-02-28' }).breakdown.ageReductionPercent).toBe(
      43,
    );
    expect(tax({ firstRegistration: '2020-02-29', declarationDate: '2025-03-01' }).breakdown.ageReductionPercent).toBe(
      52,
    );
    expect(tax({ firstRegistration: '2024-02-29', declarationDate: '2028-02-29' }).breakdown.ageReductionPercent).toBe(
      35,
    );
    expect(tax({ firstRegistration: '2024-02-29', declarationDate: '2028-03-01' }).breakdown.ageReductionPercent).toBe(
      43,
    );
  });
  it('reduces the whole tax, the particle surcharge included', () => {
    const r = tax({
      fuel: 'diesel',
      engineCc: 1995,
      co2: 130,
      dieselParticlesBelowLimit: false,
      firstRegistration: '2019-12-01',
    });
    const b = r.breakdown;
    expect(b.particleSurcharge).toBe(500);
    expect(b.ageReductionPercent).toBe(52);
    // (4997.07 + 1094.35 + 500) x 0.48 = 3163.8816
    expect([b.cylinderComponent, b.environmentalComponent]).toEqual([4997.07, 1094.35]);
    expect(r.isv).toBe(3163.88);
  });
  it('gives no reduction to new cars or cars registered outside the EU', () => {
    expect(tax({ firstRegistration: null }).breakdown.ageReductionPercent).toBe(0);
    expect(tax({ firstRegistration: '2015-01-01', registrationCountry: 'non_eu' }).breakdown.ageReductionPercent).toBe(
      0,
    );
  });
});

describe('diesel particle surcharge', () => {
  it('applies to a diesel unless the particles are below the limit, never to petrol', () => {
    expect(tax({ fuel: 'diesel', dieselParticlesBelowLimit: false }).breakdown.particleSurcharge).toBe(500);
    expect(tax({ fuel: 'diesel', dieselParticlesBelowLimit: true }).breakdown.particleSurcharge).toBe(0);
    expect(tax({ fuel: 'petrol', dieselParticlesBelowLimit: false }).breakdown.particleSurcharge).toBe(0);
    const on = tax({ fuel: 'diesel', dieselParticlesBelowLimit: false });
    const off = tax({ fuel: 'diesel', dieselParticlesBelowLimit: true });
    expect(Math.round((on.isv - off.isv) * 100)).toBe(50_000);
  });
});

describe('intermediate rates for hybrids and plug-ins', () => {
  const plugin = (over: Partial<TaxInput>) =>
    tax({ hybrid: 'plugin', engineCc: 1998, co2: 40, electricRangeKm: 60, ...over }).breakdown.intermediateRatePercent;
  it('plug-in: 25% with at least 50 km and CO2 below 50 g/km, else 100%', () => {
    expect(plugin({})).toBe(25);
    expect(plugin({ electricRangeKm: 50, co2: 49 })).toBe(25);
    expect(plugin({ co2: 50 })).toBe(100);
    expect(plugin({ electricRangeKm: 49 })).toBe(100);
  });
  it('Euro 6e-bis plug-ins qualify up to 80 g/km from 2026', () => {
    expect(plugin({ co2: 80, euro6eBis: true, declarationDate: '2026-01-01' })).toBe(25);
    expect(plugin({ co2: 81, euro6eBis: true, declarationDate: '2026-01-01' })).toBe(100);
    expect(plugin({ co2: 80, euro6eBis: true, declarationDate: '2025-12-31' })).toBe(100);
    expect(plugin({ co2: 80, euro6eBis: false, declarationDate: '2026-06-01' })).toBe(100);
  });
  it('plug-ins first registered in the EU in 2015-2020 need only 25 km', () => {
    expect(plugin({ electricRangeKm: 25, firstRegistration: '2015-01-01' })).toBe(25);
    expect(plugin({ electricRangeKm: 25, firstRegistration: '2020-12-31' })).toBe(25);
    expect(plugin({ electricRangeKm: 24, firstRegistration: '2018-05-01' })).toBe(100);
    expect(plugin({ electricRangeKm: 25, firstRegistration: '2014-12-31' })).toBe(100);
    expect(plugin({ electricRangeKm: 25, firstRegistration: '2021-01-01' })).toBe(100);
    expect(plugin({ electricRangeKm: 25, firstRegistration: '2018-05-01', registrationCountry: 'non_eu' })).toBe(100);
  });
  it('other hybrids: 60% under the same conditions, ordinary hybrids 100%', () => {
    expect(tax({ hybrid: 'hybrid', co2: 45, electricRangeKm: 55 }).breakdown.intermediateRatePercent).toBe(60);
    expect(tax({ hybrid: 'hybrid', co2: 95, electricRangeKm: 0 }).breakdown.intermediateRatePercent).toBe(100);
    expect(
      tax({ hybrid: 'hybrid', co2: 80, electricRangeKm: 60, euro6eBis: true, declarationDate: '2026-03-01' }).breakdown
        .intermediateRatePercent,
    ).toBe(100);
  });
  it('applies after the age reduction, then rounds to the cent', () => {
    const r = tax({ hybrid: 'plugin', engineCc: 1998, co2: 40, electricRangeKm: 60, firstRegistration: '2022-06-11' });
    const b = r.breakdown;
    expect(b.ageReductionPercent).toBe(28);
    const gross = Math.round((b.cylinderComponent + b.environmentalComponent) * 100);
    expect(Math.round(r.isv * 100)).toBe(Math.round((gross * 72 * 25) / 10_000));
  });
});

describe('electric cars', () => {
  it('pay no ISV and need neither cc nor CO2', () => {
    const r = calculateTax({
      ...base,
      fuel: 'electric',
      engineCc: undefined,
      co2: undefined,
      co2Cycle: undefined,
      price: 40_000,
      mileageKm: 100,
    });
    expect(r.isv).toBe(0);
    expect(r.iva).toBe(9200);
  });
});

describe('IVA on new means of transport', () => {
  const used = { fuel: 'petrol' as const, firstRegistration: '2025-03-15', price: 20_000 };
  it('applies at exactly 6 months and not a day later', () => {
    const at = tax({ ...used, declarationDate: '2025-09-15', mileageKm: 9_000 });
    expect(at.breakdown.ivaApplies).toBe(true);
    expect(at.iva).toBe(Math.round((20_000 + at.isv) * 23) / 100);
    expect(tax({ ...used, declarationDate: '2025-09-16', mileageKm: 9_000 }).iva).toBe(0);
  });
  it('ends a month-end period on the last day of the shorter month', () => {
    expect(
      tax({ ...used, firstRegistration: '2025-08-31', declarationDate: '2026-02-28', mileageKm: 9_000 }).breakdown
        .ivaApplies,
    ).toBe(true);
    expect(
      tax({ ...used, firstRegistration: '2025-08-31', declarationDate: '2026-03-01', mileageKm: 9_000 }).breakdown
        .ivaApplies,
    ).toBe(false);
  });
  it('applies at exactly 6000 km and not at 6001', () => {
    expect(tax({ ...used, firstRegistration: '2022-01-01', mileageKm: 6_000 }).breakdown.ivaApplies).toBe(true);
    expect(tax({ ...used, firstRegistration: '2022-01-01', mileageKm: 6_001 }).breakdown.ivaApplies).toBe(false);
  });
  it('is 23% of price plus ISV, rounded to the cent', () => {
    const r = tax({ price: 30_000.55, firstRegistration: null });
    expect(r.iva).toBe(Math.round((3_000_055 + Math.round(r.isv * 100)) * 0.23) / 100);
  });
  it('is 0 without a price, with a note when it would be due', () => {
    const r = tax({ firstRegistration: null });
    expect(r.iva).toBe(0);
    expect(r.notes.join(' ')).toMatch(/IVA is due/);
  });
});

describe('rounding to the cent', () => {
  it('matches the worked example of the API contract', () => {
    const r = tax({ engineCc: 1395, co2: 135, firstRegistration: '2020-06-01', declarationDate: '2025-11-21' });
    expect(r).toMatchObject({ isv: 830.23, iva: 0 });
    expect(r.breakdown).toMatchObject({
      cylinderComponent: 1631.07,
      environmentalComponent: 98.57,
      ageReductionPercent: 52,
      intermediateRatePercent: 100,
      tableVersion: '2024',
    });
  });
  it('rounds half a cent up', () => {
    // 1000 cm3, 110 g/km petrol WLTP: 246.35 EUR; x 0.90 = 221.715 -> 221.72
    expect(tax({ engineCc: 1000, co2: 110, firstRegistration: '2025-01-01' }).isv).toBe(221.72);
  });
});

describe('CO2 cycle default and table periods', () => {
  it('assumes NEDC before September 2018 and WLTP from it, with a note', () => {
    expect(defaultCo2Cycle('2018-08-31')).toBe('nedc');
    expect(defaultCo2Cycle('2018-09-01')).toBe('wltp');
    expect(defaultCo2Cycle(null)).toBe('wltp');
    const r = tax({ co2Cycle: undefined, firstRegistration: '2017-05-01' });
    expect(r.breakdown.co2Cycle).toBe('nedc');
    expect(r.notes.join(' ')).toMatch(/certificate of conformity decides/);
  });
  it('refuses declaration dates before the first table set and registrations after the declaration', () => {
    expect(() => tax({ declarationDate: '2024-12-31' })).toThrow(TaxInputError);
    expect(() => tax({ firstRegistration: '2025-06-11' })).toThrow(/after the declaration date/);
  });
});
