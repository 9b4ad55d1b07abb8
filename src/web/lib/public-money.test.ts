import { describe, expect, it } from 'vitest';
import { formatEuroCents, formatWholeEuros } from './public-money.ts';

const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('money on the public pages: one rule', () => {
  it.each([
    [0, '€0'],
    [7, '€7'],
    [950, '€950'],
    [1000, '€1 000'],
    [8828, '€8 828'],
    [23_450, '€23 450'],
    [1_250_000, '€1 250 000'],
    [-899, '-€899'],
    [8828.49, '€8 828'],
    [8828.5, '€8 829'],
    [-0.4, '€0'],
  ])('whole euros %d -> %s', (euros, text) => expect(formatWholeEuros(euros)).toBe(nb(text)));

  it.each([
    [0, '€0,00'],
    [5, '€0,05'],
    [83_023, '€830,23'],
    [882_849, '€8 828,49'],
    [123_456_789, '€1 234 567,89'],
    [-89_941, '-€899,41'],
  ])('%d cents -> %s', (cents, text) => expect(formatEuroCents(cents)).toBe(nb(text)));

  it('puts the € first and groups with no-break spaces only, whatever the amount', () => {
    for (let n = 1; n < 1e10; n = n * 7 + 3) {
      for (const text of [formatWholeEuros(n), formatEuroCents(n)]) {
        expect(text.startsWith('€')).toBe(true);
        expect(text).not.toMatch(/[ .]/);
        expect(text).toMatch(/^€\d{1,3}(\u00a0\d{3})*(,\d\d)?$/);
      }
    }
  });

  it('the same amount reads the same with and without cents', () => {
    expect(formatEuroCents(882_800)).toBe(`${formatWholeEuros(8828)},00`);
  });
});
