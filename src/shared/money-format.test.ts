import { describe, expect, it } from 'vitest';
import {
  formatDayMonthYear,
  formatEuroCents,
  formatEuroDecimal,
  formatListedPrice,
  formatRate,
  formatWholeEuros,
} from './money-format.ts';

const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('money as customers read it: one rule', () => {
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

  it.each([
    ['1851.35', '€1 851,35'],
    ['28000', '€28 000,00'],
    ['28000.5', '€28 000,50'],
    ['0.005', '€0,01'],
    ['-899.41', '-€899,41'],
    [' 2340.00 ', '€2 340,00'],
  ])('decimal %s -> %s', (decimal, text) => expect(formatEuroDecimal(decimal)).toBe(nb(text)));

  it('a decimal that is missing or not a number is null', () => {
    for (const bad of [null, undefined, '', '  ', 'abc', '1,5', '1e3']) expect(formatEuroDecimal(bad)).toBeNull();
  });
});

describe('a price in another currency (ADR 055)', () => {
  it.each([
    ['89900.00', 'PLN', '89 900 PLN'],
    ['89900.50', 'PLN', '89 901 PLN'],
    ['1250000', 'HUF', '1 250 000 HUF'],
  ])('%s %s -> %s', (amount, currency, text) => expect(formatListedPrice(amount, currency)).toBe(nb(text)));
  it('nothing readable is null', () => {
    expect(formatListedPrice(null, 'PLN')).toBeNull();
    expect(formatListedPrice('abc', 'PLN')).toBeNull();
    expect(formatListedPrice('100', null)).toBeNull();
  });
  it('rates read with a decimal comma, dates day first', () => {
    expect(formatRate('0.234500')).toBe('0,2345');
    expect(formatRate('4')).toBe('4');
    expect(formatDayMonthYear('2026-11-20')).toBe('20/11/2026');
  });
});
