import { describe, expect, it } from 'vitest';
import { calculateTax } from '#shared/tax/calculate.ts';
import type { TaxInput } from '#shared/tax/types.ts';
import { NON_EU_CUSTOMS_NOTE, pageNotes, translateNote } from './notes.ts';

const base: TaxInput = {
  fuel: 'petrol',
  engineCc: 1395,
  co2: 135,
  co2Cycle: 'wltp',
  firstRegistration: '2020-06-01',
  declarationDate: '2026-03-02',
  registrationCountry: 'eu',
  hybrid: 'none',
  electricRangeKm: 0,
  euro6eBis: false,
  dieselParticlesBelowLimit: false,
};

/** Inputs that make the engine write each of its notes. */
const CASES: TaxInput[] = [
  { ...base, fuel: 'electric', engineCc: undefined, co2: undefined },
  { ...base, co2Cycle: undefined },
  { ...base, co2Cycle: undefined, firstRegistration: '2017-01-01' },
  { ...base, fuel: 'diesel' },
  { ...base, registrationCountry: 'non_eu' },
  { ...base, firstRegistration: null },
  { ...base, hybrid: 'hybrid', electricRangeKm: 10 },
  { ...base, hybrid: 'plugin', electricRangeKm: 10 },
  { ...base, hybrid: 'plugin', electricRangeKm: 60, co2: 70, declarationDate: '2025-06-01' },
  { ...base, firstRegistration: '2026-01-10' },
  { ...base, price: 20_000 },
];

describe('translateNote', () => {
  const notes = [...new Set(CASES.flatMap((input) => calculateTax(input).notes))];

  it('has Portuguese for every note the engine writes', () => {
    expect(notes.length).toBeGreaterThanOrEqual(10);
    expect(notes.map(translateNote).filter((n) => n.lang !== 'pt-PT')).toEqual([]);
  });

  it('carries the figures of the hybrid conditions', () => {
    const plugin = translateNote(
      calculateTax({ ...base, hybrid: 'plugin', electricRangeKm: 10, firstRegistration: '2021-03-01' }).notes[0]!,
    );
    expect(plugin).toEqual({
      kind: 'hybrid-rate',
      lang: 'pt-PT',
      text: 'A taxa reduzida de híbrido plug-in não se aplica: exige autonomia elétrica de pelo menos 50 km e CO₂ abaixo de 50 g/km (até 80 g/km para plug-ins Euro 6e-bis a partir de 2026). Paga o imposto por inteiro.',
    });
    const legacy = translateNote(
      calculateTax({ ...base, hybrid: 'plugin', electricRangeKm: 10, firstRegistration: '2018-05-01' }).notes[0]!,
    );
    expect(legacy.text).toContain('pelo menos 25 km');
  });

  it('keeps an unknown note in English, marked as such', () => {
    expect(translateNote('Something new.')).toEqual({ kind: 'other', text: 'Something new.', lang: 'en' });
  });
});

describe('pageNotes', () => {
  it('leaves out what the result lines already say and adds the customs note for third countries', () => {
    const input = { ...base, fuel: 'diesel' as const, co2Cycle: undefined, registrationCountry: 'non_eu' as const };
    const list = pageNotes(input, calculateTax(input).notes);
    expect(list.map((n) => n.text)).toEqual([NON_EU_CUSTOMS_NOTE]);
  });

  it('keeps the IVA note only while no IVA line is shown', () => {
    const input = { ...base, firstRegistration: null };
    const notes = calculateTax(input).notes;
    expect(pageNotes(input, notes).map((n) => n.kind)).toEqual(['iva']);
    expect(pageNotes({ ...input, mileageKm: 10 }, notes)).toEqual([]);
  });
});
