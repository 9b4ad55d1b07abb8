import { describe, expect, it } from 'vitest';
import {
  FUEL_LABELS,
  FUEL_TYPES,
  PUBLIC_FUEL_OPTIONS,
  PUBLIC_FUEL_TO_CANONICAL,
  PUBLIC_FUEL_TYPES,
  PUBLIC_TRANSMISSION_OPTIONS,
  PUBLIC_TRANSMISSION_TO_CANONICAL,
  TRANSMISSIONS,
  fuelLabel,
  toCanonicalFuel,
} from './vocabulary.ts';

describe('vehicle vocabularies', () => {
  it('maps every public form value onto a canonical one', () => {
    expect(PUBLIC_TRANSMISSION_TO_CANONICAL).toEqual({ automatica: 'auto', manual: 'manual' });
    expect(PUBLIC_FUEL_TO_CANONICAL).toEqual({
      gasolina: 'petrol',
      gasoleo: 'diesel',
      hibrido_diesel: 'diesel_hybrid',
      hibrido_gasolina: 'petrol_hybrid',
      eletrico: 'electric',
      outro: 'other',
    });
    for (const v of Object.values(PUBLIC_FUEL_TO_CANONICAL)) expect(FUEL_TYPES).toContain(v);
    for (const v of Object.values(PUBLIC_TRANSMISSION_TO_CANONICAL)) expect(TRANSMISSIONS).toContain(v);
  });

  it('lists the form options in the quote form order with Portuguese labels', () => {
    expect(PUBLIC_TRANSMISSION_OPTIONS).toEqual([
      { value: 'automatica', label: 'Automática' },
      { value: 'manual', label: 'Manual' },
    ]);
    expect(PUBLIC_FUEL_OPTIONS.map((o) => o.value)).toEqual([...PUBLIC_FUEL_TYPES]);
    expect(PUBLIC_FUEL_OPTIONS.map((o) => o.label)).toEqual([
      'Gasolina',
      'Gasóleo',
      'Híbrido (gasóleo)',
      'Híbrido (gasolina)',
      'Elétrico',
      'Outro',
    ]);
  });

  it('labels every canonical fuel in both languages', () => {
    for (const lang of ['pt', 'en'] as const) for (const f of FUEL_TYPES) expect(FUEL_LABELS[lang][f]).toBeTruthy();
  });

  it('reads stored fuels in the spellings the product meets', () => {
    expect(toCanonicalFuel('petrol_hybrid')).toBe('petrol_hybrid');
    expect(toCanonicalFuel('Petrol_Hybrid')).toBe('petrol_hybrid');
    expect(toCanonicalFuel('gasoleo')).toBe('diesel');
    expect(toCanonicalFuel('Gasóleo')).toBe('diesel');
    expect(toCanonicalFuel('Plug-in hybrid')).toBe('plugin_hybrid');
    expect(toCanonicalFuel('hydrogen')).toBeNull();
    expect(toCanonicalFuel(null)).toBeNull();
    expect(fuelLabel('diesel_hybrid', 'pt')).toBe('Híbrido (gasóleo)');
    expect(fuelLabel('electric', 'en')).toBe('Electric');
    expect(fuelLabel('Hidrogénio', 'pt')).toBe('Hidrogénio');
    expect(fuelLabel(null, 'pt')).toBeNull();
  });
});
