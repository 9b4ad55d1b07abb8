import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, formatEuros, groupThousands, roundEuros } from './money.ts';

describe('money helpers', () => {
  it('writes cents as the decimal strings numeric columns take', () => {
    expect(centsToDecimal(2_345_000)).toBe('23450.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1050)).toBe('-10.50');
    expect(() => centsToDecimal(1.5)).toThrow();
  });

  it('reads decimal strings back exactly', () => {
    for (const cents of [0, 1, 99, 100, 34_000, 200_000, 6_048_210, -250]) {
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
    }
    expect(decimalToCents('12.5')).toBe(1250);
    expect(() => decimalToCents('12,50')).toThrow();
  });

  it('rounds to asking-price steps and formats the Portuguese way', () => {
    expect(roundEuros(23_456, 10)).toBe(2_346_000);
    expect(groupThousands(1_234_567)).toBe('1 234 567');
    expect(groupThousands(950)).toBe('950');
    expect(formatEuros(3_456_789)).toBe('34 567,89');
  });
});
