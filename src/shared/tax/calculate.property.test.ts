import fc from 'fast-check';
import { describe, it } from 'vitest';
import { calculateTax } from './calculate.ts';
import type { TaxInput } from './types.ts';

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dateBetween = (from: string, to: string) =>
  fc.date({ min: new Date(`${from}T00:00:00Z`), max: new Date(`${to}T00:00:00Z`), noInvalidDate: true }).map(ymd);

const carArb = fc
  .record({
    fuel: fc.constantFrom<TaxInput['fuel']>('petrol', 'diesel', 'lpg', 'electric'),
    engineCc: fc.integer({ min: 600, max: 7000 }),
    co2: fc.integer({ min: 0, max: 400 }),
    co2Cycle: fc.constantFrom<'wltp' | 'nedc'>('wltp', 'nedc'),
    firstRegistration: fc.option(dateBetween('2000-01-01', '2025-01-01'), { nil: null }),
    declarationDate: dateBetween('2025-01-01', '2030-12-31'),
    registrationCountry: fc.constantFrom<'eu' | 'non_eu'>('eu', 'non_eu'),
    hybrid: fc.constantFrom<TaxInput['hybrid']>('none', 'hybrid', 'plugin'),
    electricRangeKm: fc.integer({ min: 0, max: 120 }),
    euro6eBis: fc.boolean(),
    dieselParticlesBelowLimit: fc.boolean(),
    price: fc.option(
      fc.integer({ min: 0, max: 20_000_000 }).map((c) => c / 100),
      { nil: undefined },
    ),
    mileageKm: fc.option(fc.integer({ min: 0, max: 400_000 }), { nil: undefined }),
  })
  .map((car) => (car.fuel === 'electric' ? { ...car, hybrid: 'none' as const } : car));

describe('properties of the tax', () => {
  it('is never negative', () => {
    fc.assert(
      fc.property(carArb, (car) => {
        const r = calculateTax(car);
        return r.isv >= 0 && r.iva >= 0;
      }),
      { numRuns: 3000 },
    );
  });

  it('never decreases as CO2 rises, within one fuel and cycle', () => {
    fc.assert(
      fc.property(carArb, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (car, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        // Hybrid rates depend on CO2 thresholds by design; monotonicity holds for a fixed rate.
        const fixed = { ...car, hybrid: 'none' as const };
        return calculateTax({ ...fixed, co2: lo }).isv <= calculateTax({ ...fixed, co2: hi }).isv;
      }),
      { numRuns: 3000 },
    );
  });

  it('never decreases as engine size rises', () => {
    fc.assert(
      fc.property(carArb, fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 8000 }), (car, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return calculateTax({ ...car, engineCc: lo }).isv <= calculateTax({ ...car, engineCc: hi }).isv;
      }),
      { numRuns: 3000 },
    );
  });

  it('a later declaration date never increases the tax of a used EU car', () => {
    fc.assert(
      fc.property(
        carArb,
        dateBetween('2025-01-01', '2035-12-31'),
        dateBetween('2025-01-01', '2035-12-31'),
        (car, d1, d2) => {
          const [early, late] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const used = {
            ...car,
            registrationCountry: 'eu' as const,
            firstRegistration: car.firstRegistration ?? '2019-05-05',
          };
          return (
            calculateTax({ ...used, declarationDate: late }).isv <=
            calculateTax({ ...used, declarationDate: early }).isv
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
