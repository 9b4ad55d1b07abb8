import { describe, expect, it } from 'vitest';
import { calculateTax } from '#shared/tax/calculate.ts';
import { ageReductionLabel, fuelLabel, money } from './i18n.ts';

const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('panel labels', () => {
  it("names the age band of a car 8 years 4 months old, not '9 anos'", () => {
    const tax = calculateTax({
      fuel: 'petrol',
      engineCc: 1598,
      co2: 140,
      co2Cycle: 'wltp',
      firstRegistration: '2018-07-15',
      declarationDate: '2026-11-15',
      registrationCountry: 'eu',
      hybrid: 'none',
      electricRangeKm: 0,
      euro6eBis: false,
      dieselParticlesBelowLimit: false,
    });
    expect(tax.breakdown.ageYears).toBe(9); // Tabela D counts started years
    expect(ageReductionLabel('pt', tax.breakdown)).toBe('70% (mais de 8 e até 9 anos)');
    expect(ageReductionLabel('en', tax.breakdown)).toBe('70% (more than 8 up to 9 years)');
    expect(ageReductionLabel('pt', { ...tax.breakdown, ageYears: null })).toBe('novo');
  });

  it("shows a plug-in as 'Híbrido plug-in' whatever its combustion fuel", () => {
    expect(fuelLabel('pt', 'petrol_hybrid', true)).toBe('Híbrido plug-in');
    expect(fuelLabel('en', 'diesel_hybrid', true)).toBe('Plug-in hybrid');
    expect(fuelLabel('pt', 'petrol_hybrid')).toBe('Híbrido (gasolina)');
    expect(fuelLabel('pt', null)).toBe('—');
  });

  it('writes euros as the proposal page and the e-mails do, in both languages', () => {
    expect(money('pt', '29646.62')).toBe(nb('€29 646,62'));
    expect(money('en', '29646.62')).toBe(nb('€29 646,62'));
    expect(money('pt', '-12.5')).toBe('-€12,50');
    expect(money('pt', null)).toBe('—');
  });
});
