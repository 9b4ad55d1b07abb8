import { describe, expect, it } from 'vitest';
import { formatDatePt, formatEuro, formatEuroCents, formatIntegerPt } from './format-pt.ts';

describe('simulator figures', () => {
  it.each([
    [0, '€0,00'],
    [5, '€0,05'],
    [83_023, '€830,23'],
    [123_456, '€1 234,56'],
    [123_456_789, '€1 234 567,89'],
    [-89_941, '-€899,41'],
  ])('%i cents -> %s', (cents, text) => expect(formatEuroCents(cents)).toBe(text.replace(/ /g, '\u00a0')));

  it('writes money as every public page does: the € first', () => expect(formatEuroCents(100)).toBe('€1,00'));

  it('formats the engine euros without float drift', () => {
    expect(formatEuro(830.23)).toBe('€830,23');
    expect(formatEuro(0.1 + 0.2)).toBe('€0,30');
    expect(formatEuro(1631.07)).toBe('€1\u00a0631,07');
  });

  it('groups integers with dots and writes dates day first', () => {
    expect(formatIntegerPt(999)).toBe('999');
    expect(formatIntegerPt(1395)).toBe('1.395');
    expect(formatIntegerPt(1_000_000)).toBe('1.000.000');
    expect(formatDatePt('2020-06-01')).toBe('01/06/2020');
  });
});
