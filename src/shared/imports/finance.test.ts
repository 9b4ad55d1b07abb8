import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, importFinance, isNegative, listProfit, parseEurosExact, sumAmounts, toCents } from './finance.ts';

describe('cents', () => {
  it('reads decimal strings exactly', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('0.10')).toBe(10n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(toCents('9999999999999.99')).toBe(999999999999999n);
    expect(toCents(null)).toBe(0n);
    expect(toCents('')).toBe(0n);
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => toCents('1e3')).toThrow(RangeError);
  });
  it('writes two places', () => {
    expect(fromCents(123450n)).toBe('1234.50');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(0n)).toBe('0.00');
  });
  it('sums where floats would drift', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30'); // 0.1 + 0.2 = 0.30000000000000004 in floats
    expect(sumAmounts(Array(1000).fill('0.01'))).toBe('10.00');
  });
});

describe('importFinance (section 9)', () => {
  it('splits costs invoiced to us from costs passed along', () => {
    const f = importFinance('2340.00', [
      { value: '1500.00', invoicedToUs: false },
      { value: '200.50', invoicedToUs: true },
      { value: '39.49', invoicedToUs: true },
    ]);
    expect(f).toEqual({
      costsTotal: '1739.99',
      costsInvoicedToUs: '239.99',
      costsPassedAlong: '1500.00',
      ourInvoiceValue: '840.00',
      profit: '600.01',
    });
  });
  it('reads a missing service price as 0 and shows a loss as negative', () => {
    const f = importFinance(null, [{ value: '100.00', invoicedToUs: false }]);
    expect(f.profit).toBe('-100.00');
    expect(f.ourInvoiceValue).toBe('-100.00');
    expect(isNegative(f.profit)).toBe(true);
    expect(isNegative('0.00')).toBe(false);
  });
  it('list profit is service price minus the costs sum', () => {
    expect(listProfit('2340.00', '2340.01')).toBe('-0.01');
    expect(listProfit(null, null)).toBe('0.00');
  });
});

describe('parseEurosExact', () => {
  it.each([
    ['24500', '24500.00'],
    ['24500.5', '24500.50'],
    ['24 500,50', '24500.50'],
    ['24.500,50 €', '24500.50'],
    ['1,234.56', '1234.56'],
    ['12,5', '12.50'],
    ['1.234,00', '1234.00'],
    ['0', '0.00'],
    ['9999999999999.99', '9999999999999.99'],
  ])('%s -> %s', (text, expected) => expect(parseEurosExact(text)).toBe(expected));
  it('takes JSON numbers by their decimal text', () => {
    expect(parseEurosExact(0.1)).toBe('0.10');
    expect(parseEurosExact(1500)).toBe('1500.00');
    expect(parseEurosExact(Number.NaN)).toBeNull();
    expect(parseEurosExact(1e21)).toBeNull();
  });
  it.each(['abc', '12.345,678', '', '1..2', '1.234', '180,505'])('refuses %j', (text) =>
    expect(parseEurosExact(text)).toBeNull(),
  );
});

// Amounts up to the column's 13 integer digits, as decimal strings with two places.
const cents = fc.bigInt({ min: 0n, max: 999_999_999_999_99n });
const amount = cents.map(fromCents);

describe('properties', () => {
  it('fromCents and toCents are inverse', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (c) => toCents(fromCents(c)) === c));
  });

  it('a sum of many costs is exact to the cent, in any order', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 300 }), (list) => {
        const expected = list.reduce((a, b) => a + b, 0n);
        const strings = list.map(fromCents);
        return (
          sumAmounts(strings) === fromCents(expected) && sumAmounts([...strings].reverse()) === fromCents(expected)
        );
      }),
    );
  });

  it('the summary holds its identities', () => {
    const cost = fc.record({ value: amount, invoicedToUs: fc.boolean() });
    fc.assert(
      fc.property(fc.option(amount, { nil: null }), fc.array(cost, { maxLength: 200 }), (service, costs) => {
        const f = importFinance(service, costs);
        const s = toCents(service);
        // invoiced to us + passed along = all costs; profit = our invoice value - costs invoiced to us
        expect(toCents(f.costsInvoicedToUs) + toCents(f.costsPassedAlong)).toBe(toCents(f.costsTotal));
        expect(toCents(f.profit)).toBe(s - toCents(f.costsTotal));
        expect(toCents(f.ourInvoiceValue)).toBe(s - toCents(f.costsPassedAlong));
        expect(toCents(f.profit)).toBe(toCents(f.ourInvoiceValue) - toCents(f.costsInvoicedToUs));
        expect(f.profit).toBe(listProfit(service, sumAmounts(costs.map((c) => c.value))));
      }),
    );
  });

  it('typed amounts read back to the same cents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = fromCents(c);
        const pt = text.replace('.', ',');
        return parseEurosExact(text) === text && parseEurosExact(pt) === text;
      }),
    );
  });
});
