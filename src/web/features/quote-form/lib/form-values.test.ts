import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, prefillFromSearch, utmFrom, withoutPrefill } from './form-values.ts';

describe('quote form prefill from the address', () => {
  it("takes the ISV simulator's fields", () => {
    expect(
      prefillFromSearch(
        '?vehicleChoice=brand_model&brand=BMW&model=X5&year=2020&budget=40000&mileage=80000&fuelType=gasoleo&transmission=automatica',
      ),
    ).toEqual({
      ...EMPTY_VALUES,
      vehicleChoice: 'brand_model',
      brand: 'BMW',
      model: 'X5',
      year: '2020',
      budget: '40000',
      mileage: '80000',
      fuelType: 'gasoleo',
      transmission: 'automatica',
    });
  });

  it('drops unknown options and odd values, and defaults to a listing link', () => {
    expect(prefillFromSearch('?vehicleChoice=boat&fuelType=petrol&transmission=auto&year=20x0')).toEqual(EMPTY_VALUES);
    expect(prefillFromSearch('')).toEqual(EMPTY_VALUES);
    expect(prefillFromSearch('?brand=Kia').vehicleChoice).toBe('brand_model');
    expect(prefillFromSearch(`?brand=${'x'.repeat(300)}`).brand).toHaveLength(100);
  });

  it('reads utm_source and clears the prefill after a request', () => {
    expect(utmFrom('?utm_source=facebook&x=1').utmSource).toBe('facebook');
    expect(utmFrom('?utm_source=').utmSource).toBeNull();
    expect(utmFrom('').utmSource).toBeNull();
    expect(utmFrom('?utm_source=google&utm_medium=cpc&utm_campaign=%20spring%20')).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
    });
    expect(utmFrom('?utm_medium=')).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null });
    expect(withoutPrefill('https://x.pt/?vehicleChoice=brand_model&brand=BMW&utm_source=isv#pedir-orcamento')).toBe(
      '/?utm_source=isv#pedir-orcamento',
    );
  });
});
