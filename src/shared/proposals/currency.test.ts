import { describe, expect, it } from 'vitest';
import { euroPrice, isForeignCurrency } from './currency.ts';

describe('euroPrice', () => {
  it('converts at the rate, rounding half up to the cent, exactly', () => {
    expect(euroPrice('89900.00', '0.234500')).toBe('21081.55');
    expect(euroPrice('89900', '0.2345')).toBe('21081.55');
    expect(euroPrice('1.00', '0.005')).toBe('0.01');
    expect(euroPrice('0.10', '0.04')).toBe('0.00');
    expect(euroPrice('123456.78', '1.000000')).toBe('123456.78');
    // 0.1 + 0.2 style float drift never reaches the result.
    expect(euroPrice('30000.10', '0.3')).toBe('9000.03');
  });

  it('gives null for a missing or unreadable price or rate', () => {
    expect(euroPrice(null, '0.23')).toBeNull();
    expect(euroPrice('100.00', null)).toBeNull();
    expect(euroPrice('100.00', '0,23')).toBeNull();
    expect(euroPrice('100.00', '0')).toBeNull();
    expect(euroPrice('1e5', '0.2')).toBeNull();
  });

  it('knows the euro from the others', () => {
    expect(isForeignCurrency('PLN')).toBe(true);
    expect(isForeignCurrency('EUR')).toBe(false);
    expect(isForeignCurrency('eur')).toBe(false);
    expect(isForeignCurrency(null)).toBe(false);
  });
});
