import { describe, expect, it } from 'vitest';
import { QUOTE_FORM_MESSAGES as M } from './contact-form-rules.ts';
import {
  checkQuoteSubmission,
  contactFormPayloadSchema,
  normaliseListingLink,
  parseEuroAmount,
  parseKilometres,
  quoteFormSchema,
} from './contact-form.ts';

const fields = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  phone: '912 345 678',
  vehicleChoice: 'brand_model',
  vehicleLink: '',
  brand: 'BMW',
  model: 'X1',
  budget: '25 000 €',
  year: '2019',
  mileage: '120.000 km',
  transmission: 'manual',
  fuelType: 'gasoleo',
};
const payload = (over: Record<string, unknown> = {}) =>
  contactFormPayloadSchema.parse({ ...fields, honeypot: '', formDuration: 5000, utmSource: null, ...over });

describe('the quote form schema', () => {
  it('reads euro amounts as customers type them', () => {
    expect(parseEuroAmount('25000')).toBe(2_500_000);
    expect(parseEuroAmount('25.000')).toBe(2_500_000);
    expect(parseEuroAmount('25 000 €')).toBe(2_500_000);
    expect(parseEuroAmount('25,000')).toBe(2_500_000);
    expect(parseEuroAmount('25.000,50')).toBe(2_500_050);
    expect(parseEuroAmount('25,000.5')).toBe(2_500_050);
    expect(parseEuroAmount('25000,5')).toBe(2_500_050);
    expect(parseEuroAmount('€ 9\u00a0500')).toBe(950_000);
    for (const bad of ['', 'muito', '25.00.0', '1,2,3', '-5']) expect(parseEuroAmount(bad), bad).toBeNull();
  });

  it('reads kilometres and listing links', () => {
    expect(parseKilometres('150000')).toBe(150000);
    expect(parseKilometres('150.000 km')).toBe(150000);
    expect(parseKilometres('150 000kms')).toBe(150000);
    expect(parseKilometres('15.5')).toBeNull();
    expect(normaliseListingLink('www.mobile.de/x')).toBe('https://www.mobile.de/x');
    expect(normaliseListingLink('http://standvirtual.com/a')).toBe('http://standvirtual.com/a');
    expect(normaliseListingLink('ftp://x.pt/a')).toBeNull();
    expect(normaliseListingLink('o carro azul')).toBeNull();
    expect(normaliseListingLink('localhost')).toBeNull();
  });

  it('turns a valid request into canonical values', () => {
    expect(quoteFormSchema(2026).parse(fields)).toEqual({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      phone: '912 345 678',
      vehicleChoice: 'brand_model',
      brand: 'BMW',
      model: 'X1',
      budget: '25000.00',
      year: 2019,
      mileage: 120000,
      transmission: 'manual',
      fuelType: 'diesel',
    });
    expect(
      quoteFormSchema(2026).parse({
        ...fields,
        vehicleChoice: 'specific',
        vehicleLink: ' www.standvirtual.com/carros/anuncio/x-ID1.html ',
        name: ' Ana   Silva ',
      }),
    ).toEqual({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      phone: '912 345 678',
      vehicleChoice: 'specific',
      vehicleLink: 'https://www.standvirtual.com/carros/anuncio/x-ID1.html',
    });
  });

  it('bounds the year from 1990 to the current year', () => {
    const year = (y: string, now = 2026) => quoteFormSchema(now).safeParse({ ...fields, year: y }).success;
    expect(year('1990')).toBe(true);
    expect(year('2026')).toBe(true);
    expect(year('1989')).toBe(false);
    expect(year('2027')).toBe(false);
    expect(year('2027', 2027)).toBe(true);
    expect(year('19')).toBe(false);
  });

  it('checks honeypot, then fill time, then the schema', () => {
    expect(checkQuoteSubmission(payload({ honeypot: 'x', formDuration: 1, name: '' }), 2026)).toEqual({
      ok: false,
      message: M.honeypot,
    });
    expect(checkQuoteSubmission(payload({ formDuration: 2999, name: '' }), 2026)).toEqual({
      ok: false,
      message: M.tooFast,
    });
    expect(checkQuoteSubmission(payload({ formDuration: undefined }), 2026)).toEqual({ ok: false, message: M.tooFast });
    expect(checkQuoteSubmission(payload({ name: '', model: '' }), 2026)).toEqual({
      ok: false,
      message: M.invalid,
      fields: { name: M.name, model: M.model },
    });
    expect(checkQuoteSubmission(payload(), 2026)).toMatchObject({ ok: true, request: { brand: 'BMW' } });
  });

  it('accepts numbers for the number fields and absent fields as empty', () => {
    const parsed = contactFormPayloadSchema.parse({ name: 'A', year: 2019, mileage: 1000, formDuration: '4000' });
    expect(parsed).toMatchObject({ year: '2019', mileage: '1000', email: '', honeypot: '', formDuration: 4000 });
    expect(contactFormPayloadSchema.safeParse({ name: { x: 1 } }).error?.issues[0]?.message).toBe(M.invalidPayload);
  });
});
