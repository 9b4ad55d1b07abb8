import type { TaxTableSet } from '../types.ts';

/**
 * Código do ISV, Tabela A as set by the 2024 State Budget (unchanged in 2025 and 2026), with the
 * age reduction of Tabela D as rewritten by the 2025 State Budget, which applies it to the whole
 * tax since 1 January 2025 (docs/tax-rules.md). Amounts are cents; rates are hundredths of a euro
 * per unit (1.09 EUR/cm3 -> 109).
 */
export const TABLES_2024: TaxTableSet = {
  version: '2024',
  validFrom: '2025-01-01',
  // The 2026 State Budget kept these tables; the 2027 one has not published its own (docs/tax-rules.md).
  validTo: '2026-12-31',
  cylinder: [
    { upTo: 1000, rate: 109, deduction: 84_903 },
    { upTo: 1250, rate: 118, deduction: 85_069 },
    { upTo: null, rate: 561, deduction: 619_488 },
  ],
  environmental: {
    petrol: {
      wltp: [
        { upTo: 110, rate: 44, deduction: 4_302 },
        { upTo: 115, rate: 110, deduction: 11_580 },
        { upTo: 120, rate: 138, deduction: 14_779 },
        { upTo: 130, rate: 527, deduction: 61_917 },
        { upTo: 145, rate: 638, deduction: 76_273 },
        { upTo: 175, rate: 4_154, deduction: 581_956 },
        { upTo: 195, rate: 5_138, deduction: 724_739 },
        { upTo: 235, rate: 19_301, deduction: 3_419_052 },
        { upTo: null, rate: 23_381, deduction: 4_191_096 },
      ],
      nedc: [
        { upTo: 99, rate: 462, deduction: 42_700 },
        { upTo: 115, rate: 809, deduction: 75_099 },
        { upTo: 145, rate: 5_256, deduction: 590_394 },
        { upTo: 175, rate: 6_124, deduction: 714_017 },
        { upTo: 195, rate: 15_597, deduction: 2_362_727 },
        { upTo: null, rate: 20_565, deduction: 3_339_012 },
      ],
    },
    diesel: {
      wltp: [
        { upTo: 110, rate: 172, deduction: 1_150 },
        { upTo: 120, rate: 1_896, deduction: 190_619 },
        { upTo: 140, rate: 6_504, deduction: 736_085 },
        { upTo: 150, rate: 12_740, deduction: 1_608_057 },
        { upTo: 160, rate: 16_081, deduction: 2_117_606 },
        { upTo: 170, rate: 22_169, deduction: 2_922_738 },
        { upTo: 190, rate: 27_408, deduction: 3_698_798 },
        { upTo: null, rate: 28_235, deduction: 3_827_132 },
      ],
      nedc: [
        { upTo: 79, rate: 578, deduction: 43_904 },
        { upTo: 95, rate: 2_345, deduction: 184_858 },
        { upTo: 120, rate: 7_922, deduction: 719_563 },
        { upTo: 140, rate: 17_573, deduction: 1_892_492 },
        { upTo: 160, rate: 19_543, deduction: 2_172_092 },
        { upTo: null, rate: 26_842, deduction: 3_344_790 },
      ],
    },
  },
  particleSurcharge: 50_000,
  ageReduction: [
    { upToYears: 1, percent: 10 },
    { upToYears: 2, percent: 20 },
    { upToYears: 3, percent: 28 },
    { upToYears: 4, percent: 35 },
    { upToYears: 5, percent: 43 },
    { upToYears: 6, percent: 52 },
    { upToYears: 7, percent: 60 },
    { upToYears: 8, percent: 65 },
    { upToYears: 9, percent: 70 },
    { upToYears: 10, percent: 75 },
    { upToYears: null, percent: 80 },
  ],
  intermediate: {
    pluginPercent: 25,
    hybridPercent: 60,
    minElectricRangeKm: 50,
    co2Below: 50,
    euro6eBis: { from: '2026-01-01', maxCo2: 80 },
    pluginLegacy: { firstRegisteredFromYear: 2015, firstRegisteredToYear: 2020, minElectricRangeKm: 25 },
  },
  ivaPercent: 23,
  ivaNewMaxMonths: 6,
  ivaNewMaxKm: 6000,
};
