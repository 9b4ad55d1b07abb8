import { describe, expect, it } from 'vitest';
import { calculateTax } from './calculate.ts';
import { pendingTablesFor, tableSetFor, TABLE_SETS } from './table-sets.ts';
import { adminTablesNotice, pendingTablesWarning } from './tax-calendar.ts';
import { TABLES_2024 } from './tables/2024.ts';
import type { TaxInput, TaxTableSet } from './types.ts';

const car = (declarationDate: string): TaxInput => ({
  fuel: 'diesel',
  engineCc: 1995,
  co2: 140,
  co2Cycle: 'wltp',
  firstRegistration: '2021-03-01',
  declarationDate,
  registrationCountry: 'eu',
  hybrid: 'none',
  electricRangeKm: 0,
  euro6eBis: false,
  dieselParticlesBelowLimit: true,
});

/** A made-up next budget: the same tables, dearer cylinder component, in force for 2027. */
const NEXT: TaxTableSet = {
  ...TABLES_2024,
  version: '2027',
  validFrom: '2027-01-01',
  validTo: '2027-12-31',
  cylinder: TABLES_2024.cylinder.map((b) => ({ ...b, rate: b.rate + 10 })),
};

describe('the tax calendar', () => {
  it('every table set says the dates it is valid for', () => {
    for (const t of TABLE_SETS) {
      expect(t.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(t.validTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(TABLES_2024.validTo).toBe('2026-12-31');
  });

  it('a declaration after the last known tables uses the latest ones and says so', () => {
    const lastDay = calculateTax(car('2026-12-31'));
    const next = calculateTax(car('2027-03-01'));
    expect(lastDay.breakdown.pendingTables).toBeNull();
    expect(lastDay.notes).not.toContain("2027 tables not yet published; figures use 2026's.");
    expect(next.breakdown).toMatchObject({ tableVersion: '2024', pendingTables: { year: 2027, usingYear: 2026 } });
    expect(next.notes).toContain("2027 tables not yet published; figures use 2026's.");
    expect(next.breakdown.cylinderComponent).toBe(lastDay.breakdown.cylinderComponent);
  });

  it('words the warning in English for staff and in Portuguese for customers', () => {
    expect(pendingTablesWarning('2027-03-01', 'en')).toBe("2027 tables not yet published; figures use 2026's");
    expect(pendingTablesWarning('2027-03-01', 'pt')).toBe(
      'Tabelas de 2027 ainda não publicadas; valores calculados com as de 2026',
    );
    expect(pendingTablesWarning('2026-11-28', 'pt')).toBeNull();
    expect(pendingTablesWarning(null, 'en')).toBeNull();
  });

  it('once a year has its tables, its dates use them without a warning', () => {
    const sets = [NEXT, TABLES_2024];
    expect(tableSetFor('2026-12-31', sets)).toBe(TABLES_2024);
    expect(tableSetFor('2027-01-01', sets)).toBe(NEXT);
    expect(pendingTablesFor('2027-06-30', sets)).toBeNull();
    expect(pendingTablesFor('2028-01-01', sets)).toEqual({ year: 2028, usingYear: 2027 });
    expect(tableSetFor('2024-12-31', sets)).toBeUndefined();
  });

  it('admins see a notice from 1 December until the next tables exist', () => {
    expect(adminTablesNotice('2026-11-28')).toBeNull();
    expect(adminTablesNotice('2026-11-30')).toBeNull();
    expect(adminTablesNotice('2026-12-01')).toMatch(/^The 2027 vehicle-tax tables are not in the app yet/);
    expect(adminTablesNotice('2027-02-15')).toMatch(/^The 2027 vehicle-tax tables are not in the app yet/);
    expect(adminTablesNotice('2026-12-15', [NEXT, TABLES_2024])).toBeNull();
    expect(adminTablesNotice('2027-12-01', [NEXT, TABLES_2024])).toMatch(/^The 2028 /);
  });
});
