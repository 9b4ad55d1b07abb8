import { describe, expect, it } from 'vitest';
import { calculateTax } from './calculate.ts';
import { ageBandOf, ageBandText } from './age-band.ts';
import { TABLE_SETS } from './table-sets.ts';

const bands = TABLE_SETS[0]!.ageReduction;

describe('age-reduction band', () => {
  it('names the band of the table a car falls in, not its rounded age', () => {
    // 4 years 3 months is in its 5th started year: the band over 4 up to 5 years.
    expect(ageBandText(ageBandOf(bands, 5))).toBe('more than 4 up to 5 years');
    expect(ageBandText(ageBandOf(bands, 1))).toBe('up to 1 year');
    expect(ageBandText(ageBandOf(bands, 0))).toBe('up to 1 year');
    expect(ageBandText(ageBandOf(bands, 2))).toBe('more than 1 up to 2 years');
    expect(ageBandText(ageBandOf(bands, 10))).toBe('more than 9 up to 10 years');
    expect(ageBandText(ageBandOf(bands, 11))).toBe('more than 10 years');
    expect(ageBandText(ageBandOf(bands, 40))).toBe('more than 10 years');
  });

  it('every age falls in exactly the band whose bounds hold it, and the band gives the percentage', () => {
    for (const set of TABLE_SETS) {
      for (let age = 1; age <= 30; age++) {
        const band = ageBandOf(set.ageReduction, age);
        expect(band.aboveYears === null || age > band.aboveYears).toBe(true);
        expect(band.upToYears === null || age <= band.upToYears).toBe(true);
        expect(set.ageReduction).toContainEqual({ upToYears: band.upToYears, percent: band.percent });
      }
    }
  });

  it('the engine applies the percentage of that band', () => {
    const result = calculateTax({
      declarationDate: '2025-11-21',
      firstRegistration: '2021-08-01', // 4 years 3 months
      registrationCountry: 'eu',
      fuel: 'petrol',
      hybrid: 'none',
      engineCc: 1395,
      co2: 135,
      co2Cycle: 'wltp',
      electricRangeKm: 0,
      euro6eBis: false,
      dieselParticlesBelowLimit: false,
    });
    const b = result.breakdown;
    expect(b.ageYears).toBe(5);
    expect(b.ageReductionPercent).toBe(ageBandOf(bands, 5).percent);
  });
});
