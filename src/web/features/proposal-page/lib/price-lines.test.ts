import { describe, expect, it } from 'vitest';
import { phoneLinks } from './contact-links.ts';
import { countryName } from './i18n.ts';
import { formatEuros, priceLines, toCents, wholeEuros } from './price-lines.ts';

const base = {
  vehiclePrice: '23450.00',
  vehicleOriginalPrice: null,
  vehiclePriceWithoutVat: null,
  isvCost: '3120.45',
  ivaCost: '1250.60',
  transportCost: '2000.00',
  registrationFee: '340.00',
  totalCost: '30161.05',
};

describe('price card rules', () => {
  it('reads decimal strings as cents and rounds to whole euros, half up', () => {
    expect(toCents('23450.5')).toBe(2_345_050);
    expect(toCents('0.005')).toBe(1);
    expect(toCents('12')).toBe(1200);
    expect(toCents('-3.10')).toBe(-310);
    expect(toCents('abc')).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(wholeEuros(2_345_049)).toBe(23450);
    expect(wholeEuros(2_345_050)).toBe(23451);
    expect(wholeEuros(-150)).toBe(-2);
  });

  it('writes euros with the sign first and thousands apart', () => {
    expect(formatEuros(30161)).toBe('€30\u00a0161');
    expect(formatEuros(2340)).toBe('€2\u00a0340');
    expect(formatEuros(950)).toBe('€950');
    expect(formatEuros(1_250_000)).toBe('€1\u00a0250\u00a0000');
    expect(formatEuros(0)).toBe('€0');
  });

  it('shows every line of a proposal with IVA', () => {
    expect(priceLines(base)).toEqual({
      price: 23450,
      originalPrice: null,
      priceWithoutVat: null,
      isv: 3120,
      iva: 1251,
      taxes: 4371,
      service: 2340,
      total: 30161,
    });
  });

  it('strikes the original price and shows the price without VAT only when they differ (as shown, in whole euros)', () => {
    expect(priceLines({ ...base, vehicleOriginalPrice: '24990.00', vehiclePriceWithoutVat: '19705.88' })).toMatchObject(
      { originalPrice: 24990, priceWithoutVat: 19706 },
    );
    expect(priceLines({ ...base, vehicleOriginalPrice: '23450.00', vehiclePriceWithoutVat: '23450.00' })).toMatchObject(
      { originalPrice: null, priceWithoutVat: null },
    );
    expect(priceLines({ ...base, vehicleOriginalPrice: '23450.40' })).toMatchObject({ originalPrice: null });
  });

  it('hides IVA and ISV + IVA unless IVA is above 0; ISV + IVA is the sum; the service is transport plus registration', () => {
    expect(priceLines({ ...base, ivaCost: '0.00' })).toMatchObject({ isv: 3120, iva: null, taxes: null });
    expect(priceLines({ ...base, ivaCost: null })).toMatchObject({ isv: 3120, iva: null, taxes: null });
    expect(priceLines({ ...base, transportCost: '1800.50', registrationFee: '340.00' }).service).toBe(2141);
  });

  it('takes the total as stored; sums the lines only when there is none', () => {
    expect(priceLines({ ...base, totalCost: '99999.99' }).total).toBe(100000);
    expect(priceLines({ ...base, totalCost: null }).total).toBe(30161);
  });
});

describe('manager contact links', () => {
  it('builds tel:, sms: and wa.me links with the international number', () => {
    expect(phoneLinks('+351 912 345 678')).toEqual({
      tel: 'tel:+351912345678',
      sms: 'sms:+351912345678',
      whatsapp: 'https://wa.me/351912345678',
    });
    expect(phoneLinks('912 345 678')).toEqual({
      tel: 'tel:+351912345678',
      sms: 'sms:+351912345678',
      whatsapp: 'https://wa.me/351912345678',
    });
    expect(phoneLinks('0049 151 2345678')?.whatsapp).toBe('https://wa.me/491512345678');
    expect(phoneLinks('  ')).toBeNull();
  });
});

describe('countries on the English page', () => {
  it('translates the Portuguese names the editor stores', () => {
    expect(countryName('Alemanha', 'en')).toBe('Germany');
    expect(countryName('Bélgica', 'en')).toBe('Belgium');
    expect(countryName('Alemanha', 'pt')).toBe('Alemanha');
    expect(countryName('Narnia', 'en')).toBe('Narnia');
    expect(countryName(null, 'en')).toBeNull();
  });
});
