import { describe, expect, it } from 'vitest';
import {
  formatNumberInput,
  MONEY_RULE,
  parseMoneyInput,
  trimTrailingZeros,
  parseNumberInput,
  type NumberInputRule,
} from './number-input.ts';

const WHOLE: NumberInputRule = { decimals: 0, units: ['km'] };
const RATE: NumberInputRule = { decimals: 6 };

describe('parseMoneyInput', () => {
  it.each([
    ['180,50', '180.50'],
    ['180.50', '180.50'],
    ['180', '180.00'],
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['€ 180', '180.00'],
    ['180 €', '180.00'],
    ['180€', '180.00'],
    ['EUR 24.500,50', '24500.50'],
    ['24 500', '24500.00'],
    ['1.234.567', '1234567.00'],
    ['1,234,567.8', '1234567.80'],
    ['0,5', '0.50'],
    ['12,5', '12.50'],
    ['007', '7.00'],
    ['  99,99  ', '99.99'],
  ])('%s -> %s', (typed, value) => {
    expect(parseMoneyInput(typed)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    ['€', 'empty'],
    ['abc', 'invalid'],
    ['12a', 'invalid'],
    ['1.234.56', 'invalid'],
    ['1,234,56', 'invalid'],
    ['12.34.567', 'invalid'],
    ['1.23,4.5', 'invalid'],
    ['1 23,4', 'invalid'],
    ['1,,5', 'invalid'],
    ['180,', 'invalid'],
    ['1e5', 'invalid'],
    ['180,505', 'ambiguous'],
    ['1.234', 'ambiguous'],
    ['1,234', 'ambiguous'],
    ['24.500', 'ambiguous'],
    ['180,5055', 'decimals'],
    ['0.123', 'decimals'],
    ['-5', 'negative'],
  ])('%s is refused (%s) with a message', (typed, error) => {
    const r = parseMoneyInput(typed);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBe(error);
      expect(r.message.length).toBeGreaterThan(5);
    }
  });

  it('takes a minus when the field allows it', () => {
    expect(parseMoneyInput('-1.234,5', { negative: true })).toEqual({ ok: true, value: '-1234.50' });
    expect(parseMoneyInput('− 0,00', { negative: true })).toEqual({ ok: true, value: '0.00' });
  });

  it('refuses what exceeds the maximum', () => {
    expect(parseMoneyInput('100 000 000', { max: '99999999.99' })).toMatchObject({ ok: false, error: 'range' });
    expect(parseMoneyInput('99 999 999,99', { max: '99999999.99' })).toEqual({ ok: true, value: '99999999.99' });
  });

  it('speaks Portuguese on the public site', () => {
    expect(parseMoneyInput('12,345', { lang: 'pt' })).toMatchObject({ ok: false, error: 'ambiguous' });
    const r = parseMoneyInput('1,234,56', { lang: 'pt' });
    expect(!r.ok && r.message).toBe('Escreva um número, por exemplo 1234,56');
  });
});

describe('parseNumberInput for whole measures and rates', () => {
  it.each([
    ['150000', '150000'],
    ['150.000', '150000'],
    ['150 000 km', '150000'],
    ['1.995', '1995'],
    ['1,995', '1995'],
  ])('%s km -> %s', (typed, value) => {
    expect(parseNumberInput(typed, WHOLE)).toEqual({ ok: true, value });
  });

  it('refuses decimals in a whole measure', () => {
    expect(parseNumberInput('1,6', WHOLE)).toMatchObject({
      ok: false,
      error: 'decimals',
      message: 'Type a whole number',
    });
  });

  it('refuses one mark and three digits where both readings fit (ADR 052)', () => {
    for (const typed of ['1.234', '1,234', '12.500']) {
      expect(parseNumberInput(typed, RATE)).toMatchObject({ ok: false, error: 'ambiguous' });
    }
    const r = parseNumberInput('1.234', RATE);
    expect(!r.ok && r.message).toContain("'1.234' could be read two ways");
  });

  it('reads the only reading that fits the maximum', () => {
    expect(parseNumberInput('1,173', { ...RATE, max: 1000 })).toEqual({ ok: true, value: '1.173' });
    expect(parseNumberInput('0.087', RATE)).toEqual({ ok: true, value: '0.087' });
    expect(parseNumberInput('1,1734', RATE)).toEqual({ ok: true, value: '1.1734' });
    expect(parseNumberInput('1.2340', RATE)).toEqual({ ok: true, value: '1.234' });
  });

  it('never moves digits through a float', () => {
    expect(parseNumberInput('12345678901234567,89', MONEY_RULE)).toEqual({ ok: true, value: '12345678901234567.89' });
  });
});

describe('formatNumberInput', () => {
  it.each([
    ['1234.56', 'pt', '1\u00a0234,56'],
    ['1234.56', 'en', '1,234.56'],
    ['-1234567', 'en', '-1,234,567'],
    ['180.50', 'pt', '180,50'],
  ] as const)('%s in %s is %s', (value, lang, text) => {
    expect(formatNumberInput(value, lang)).toBe(text);
    expect(parseNumberInput(text, { decimals: 2, negative: true })).toMatchObject({
      ok: true,
      value: value.replace(/\.?0+$/, '') || value,
    });
  });
});

describe('trimTrailingZeros', () => {
  it.each([
    ['0.234500', '0.2345'],
    ['12.000', '12'],
    ['4.3', '4.3'],
    ['100', '100'],
    ['', ''],
  ])('%s -> %s', (input, out) => expect(trimTrailingZeros(input)).toBe(out));

  it('is linear on a long run of zeros', () => {
    const long = `1.${'0'.repeat(200_000)}1${'0'.repeat(200_000)}`;
    expect(trimTrailingZeros(long)).toBe(`1.${'0'.repeat(200_000)}1`);
  });
});
