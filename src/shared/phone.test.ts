import { describe, expect, it } from 'vitest';
import { normalizePhone, whatsappLink } from './phone.ts';

describe('phone numbers', () => {
  it('normalises Portuguese and international forms to +digits', () => {
    expect(normalizePhone('912 345 678')).toBe('+351912345678');
    expect(normalizePhone('+351 912-345-678')).toBe('+351912345678');
    expect(normalizePhone('00351912345678')).toBe('+351912345678');
    expect(normalizePhone('(+49) 151 2345 6789')).toBe('+4915123456789');
    expect(normalizePhone('21 000 0000')).toBe('+351210000000');
  });
  it('rejects what is not a number', () => {
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('abc')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });
  it('builds wa.me links', () => {
    expect(whatsappLink('912 345 678')).toBe('https://wa.me/351912345678');
  });
});
