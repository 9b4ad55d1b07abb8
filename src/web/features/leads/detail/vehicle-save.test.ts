import { describe, expect, it } from 'vitest';
import { leadUpdateSchema } from '#shared/schemas/lead-writes.ts';
import { formatEuro } from '#web/lib/money.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { parseBudget } from '../dialogs/lead-form-values.ts';
import { vehicleDraftOf, vehicleUpdateOf } from './vehicle-save.ts';

const draft = {
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  mileage: '',
  transmission: '',
  fuelType: '',
  vehicleLink: '',
  budget: '',
};

describe('vehicle save rules', () => {
  it('empty make and model become Not specified; empty choices and link become null', () => {
    expect(vehicleUpdateOf({ ...draft, vehicleMake: '  ', vehicleLink: '  ' })).toEqual({
      vehicleYear: null,
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
      mileage: null,
      transmission: null,
      fuelType: null,
      vehicleLink: null,
      budget: null,
    });
  });

  it('year is parsed as an integer or null; mileage goes as typed for the contract to read (ADR 052)', () => {
    const out = vehicleUpdateOf({ ...draft, vehicleYear: ' 2019 ', mileage: '85.000' });
    expect(out.vehicleYear).toBe(2019);
    expect(out.mileage).toBe('85.000');
    expect(leadUpdateSchema(2026).parse({ mileage: out.mileage }).mileage).toBe(85000);
    expect(leadUpdateSchema(2026).safeParse({ mileage: '85000.7' }).success).toBe(false);
    expect(vehicleUpdateOf({ ...draft, vehicleYear: 'abc', mileage: ' ' })).toMatchObject({
      vehicleYear: null,
      mileage: null,
    });
  });

  it('keeps typed values trimmed and the canonical choices', () => {
    expect(
      vehicleUpdateOf({
        ...draft,
        vehicleMake: ' BMW ',
        vehicleModel: '320d',
        transmission: 'auto',
        fuelType: 'diesel',
        vehicleLink: ' https://x.pt/1 ',
      }),
    ).toMatchObject({
      vehicleMake: 'BMW',
      vehicleModel: '320d',
      transmission: 'auto',
      fuelType: 'diesel',
      vehicleLink: 'https://x.pt/1',
    });
  });

  it.each([
    ['25000', 25000],
    ['24999,50', 24999.5],
    ['24999.50', 24999.5],
    ['24.999,50', 24999.5],
    ['24,999.50', 24999.5],
    ['25 000', 25000],
    ['25.000', null], // ambiguous (ADR 052): the contract refuses the text with a message
    ['180,50', 180.5],
    ['1.250.000', 1250000],
    ['25.5', 25.5],
    ['1.250.000,00', 1250000],
    ['€ 18500', 18500],
    ['', null],
    ['lots', null],
    ['12abc', null],
  ])('budget %j -> %j', (text, expected) => expect(parseBudget(text)).toBe(expected));

  it('edit mode starts from the saved lead, Not specified shown empty', () => {
    expect(
      vehicleDraftOf(buildLead({ vehicleMake: 'Not specified', budget: '25000.00', mileage: null })),
    ).toMatchObject({ vehicleMake: '', budget: '25000', mileage: '' });
  });
});

describe('formatEuro', () => {
  it.each([
    ['25000.00', '€25\u00a0000'],
    ['24999.50', '€24\u00a0999.50'],
    ['950', '€950'],
    ['1234567.5', '€1\u00a0234\u00a0567.50'],
    ['0.00', '€0'],
  ])('%s -> %s', (input, out) => expect(formatEuro(input)).toBe(out));
  it('null and junk give null', () => {
    expect(formatEuro(null)).toBeNull();
    expect(formatEuro('abc')).toBeNull();
  });
});
