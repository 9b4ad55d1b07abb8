import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, parseNumberPt, visibleFields } from './form-state.ts';

describe('parseNumberPt', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['1395', 1395],
    ['1.395', 1395],
    ['15.000', 15_000],
    ['1.234.567', 1_234_567],
    ['15.000,50', 15_000.5],
    ['15000,5', 15_000.5],
    ['135.5', 135.5],
    ['1 395', 1395],
    ['15 000 €', 15_000],
    ['-3', -3],
  ])('%j -> %j', (text, value) => expect(parseNumberPt(text)).toBe(value));

  it('returns unreadable text as typed, for the schema to reject', () => {
    expect(parseNumberPt('abc')).toBe('abc');
    expect(parseNumberPt('12a')).toBe('12a');
    expect(parseNumberPt('1,2,3')).toBe('1,2,3');
  });
});

describe('visibleFields', () => {
  it('asks the engine and emissions only for non-electric cars, particles only for diesel', () => {
    expect(visibleFields(DEFAULT_FORM)).toMatchObject({
      cc: true,
      co2: true,
      particulas: false,
      autonomia: false,
      euro6eBis: false,
      matricula: true,
    });
    expect(visibleFields({ ...DEFAULT_FORM, combustivel: 'gasoleo' }).particulas).toBe(true);
    expect(visibleFields({ ...DEFAULT_FORM, tipo: 'eletrico', combustivel: 'gasoleo' })).toMatchObject({
      cc: false,
      co2: false,
      ciclo: false,
      particulas: false,
      combustivel: false,
    });
    expect(visibleFields({ ...DEFAULT_FORM, tipo: 'hibrido' })).toMatchObject({ autonomia: true, euro6eBis: false });
    expect(visibleFields({ ...DEFAULT_FORM, tipo: 'plugin' })).toMatchObject({ autonomia: true, euro6eBis: true });
    expect(visibleFields({ ...DEFAULT_FORM, estado: 'novo' }).matricula).toBe(false);
  });
});
