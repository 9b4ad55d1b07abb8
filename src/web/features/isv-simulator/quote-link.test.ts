import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, type IsvForm } from './form-state.ts';
import { quoteFormHref, quoteFuelType } from './quote-link.ts';

const now = new Date('2025-11-21T10:00:00Z');
const example: IsvForm = {
  ...DEFAULT_FORM,
  cc: '1395',
  co2: '135',
  matricula: '2020-06-01',
  preco: '15.000',
  km: '85.000',
};

describe('quoteFormHref', () => {
  it('carries the car into the landing page quote form', () => {
    expect(quoteFormHref(example, now)).toBe(
      '/?vehicleChoice=brand_model&year=2020&budget=15000&mileage=85000&fuelType=gasolina#pedir-orcamento',
    );
  });

  it('leaves out what is not known or not a usable figure', () => {
    expect(quoteFormHref({ ...DEFAULT_FORM }, now)).toBe(
      '/?vehicleChoice=brand_model&fuelType=gasolina#pedir-orcamento',
    );
    expect(quoteFormHref({ ...example, preco: 'muito', km: '1,5' }, now)).toBe(
      '/?vehicleChoice=brand_model&year=2020&fuelType=gasolina#pedir-orcamento',
    );
  });

  it('writes decimal prices plainly and keeps a zero odometer', () => {
    expect(quoteFormHref({ ...example, preco: '15.000,50', km: '0' }, now)).toContain('budget=15000.5&mileage=0&');
  });

  it('uses the declaration year for a new car', () => {
    expect(quoteFormHref({ ...DEFAULT_FORM, estado: 'novo', matricula: '2019-01-01' }, now)).toContain('year=2025&');
    expect(quoteFormHref({ ...DEFAULT_FORM, estado: 'novo', declaracao: '2026-02-01' }, now)).toContain('year=2026&');
  });
});

describe('quoteFuelType', () => {
  it.each([
    ['combustao', 'gasolina', 'gasolina'],
    ['combustao', 'gasoleo', 'gasoleo'],
    ['combustao', 'gpl', 'outro'],
    ['hibrido', 'gasolina', 'hibrido_gasolina'],
    ['plugin', 'gasolina', 'hibrido_gasolina'],
    ['hibrido', 'gasoleo', 'hibrido_diesel'],
    ['plugin', 'gasoleo', 'hibrido_diesel'],
    ['plugin', 'gpl', 'outro'],
    ['eletrico', 'gasoleo', 'eletrico'],
  ] as const)('%s + %s -> %s', (tipo, combustivel, fuelType) =>
    expect(quoteFuelType({ tipo, combustivel })).toBe(fuelType),
  );
});
