import { describe, expect, it } from 'vitest';
import { estimateIsvCents, estimateIvaCents } from './isv-estimate.ts';

const declared = new Date(Date.UTC(2026, 5, 1));
const regAgo = (years: number) => new Date(declared.getTime() - years * 365.25 * 86_400_000);

describe('estimateIsvCents', () => {
  it('charges no ISV on battery-electric cars', () => {
    expect(
      estimateIsvCents({
        fuel: 'electric',
        engineCc: null,
        co2: 0,
        wltp: true,
        electricRangeKm: 450,
        firstRegistration: regAgo(2),
        declarationDate: declared,
      }),
    ).toBe(0);
  });

  it('adds cylinder, CO2 and particle components and applies the age reduction', () => {
    // 1995 cc: 1995 x 5.61 - 6194.88 = 4997.07; diesel WLTP 120 g: 120 x 18.96 - 1906.19 = 369.01; +500.
    // 5866.08 at 3.5 years (35% off) = 3812.95
    const cents = estimateIsvCents({
      fuel: 'diesel',
      engineCc: 1995,
      co2: 120,
      wltp: true,
      electricRangeKm: null,
      firstRegistration: regAgo(3.5),
      declarationDate: declared,
    });
    expect(cents).toBe(381_295);
  });

  it('gives qualifying plug-in hybrids the 25% rate and others the full rate', () => {
    const base = {
      fuel: 'plugin_hybrid' as const,
      engineCc: 1998,
      co2: 40,
      wltp: true,
      firstRegistration: regAgo(2.5),
      declarationDate: declared,
    };
    const qualifying = estimateIsvCents({ ...base, electricRangeKm: 60 });
    const shortRange = estimateIsvCents({ ...base, electricRangeKm: 30 });
    expect(qualifying).toBe(Math.round(shortRange * 0.25));
  });

  it('never goes below zero (a tiny engine makes the cylinder component negative)', () => {
    expect(
      estimateIsvCents({
        fuel: 'petrol',
        engineCc: 700,
        co2: 90,
        wltp: true,
        electricRangeKm: null,
        firstRegistration: regAgo(1),
        declarationDate: declared,
      }),
    ).toBe(0);
  });
});

describe('estimateIvaCents', () => {
  it('is 23% of price plus ISV only for a car with at most 6000 km or at most 6 months', () => {
    expect(estimateIvaCents(3_000_000, 200_000, 5_000, 2)).toBe(736_000);
    expect(estimateIvaCents(3_000_000, 200_000, 40_000, 0.4)).toBe(736_000);
    expect(estimateIvaCents(3_000_000, 200_000, 40_000, 2)).toBe(0);
  });
});
