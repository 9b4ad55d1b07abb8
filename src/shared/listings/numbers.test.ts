import { describe, expect, it } from 'vitest';
import {
  netFromGross,
  parseCo2,
  parseDecimal,
  parseEngineCc,
  parseInteger,
  parseMonth,
  parseMonthYear,
  parsePower,
  parsePrice,
} from './numbers.ts';

describe('parseInteger: thousands separators of every locale', () => {
  it.each([
    ['85.714 km', 85714],
    ['88,600 km', 88600],
    ['48 478 km', 48478],
    ['48\u202f478 km', 48478],
    ['48\u00a0478 km', 48478],
    ["125'000 km", 125000],
    ['1.234.567 km', 1234567],
    ['7 km', 7],
    ['0 km', 0],
    ['48478', 48478],
    [48478, 48478],
    ['Kilometerstand: 120.500 km', 120500],
  ])('%s -> %i', (input, expected) => expect(parseInteger(input)).toBe(expected));

  it.each([[''], ['km'], ['- (g/km)'], [null], [undefined], [{}], [Number.NaN]])('%s -> null', (input) => {
    expect(parseInteger(input)).toBeNull();
  });
});

describe('parseDecimal: the decimal mark', () => {
  it.each([
    ['46210.08', 46210.08],
    ['46.210,08', 46210.08],
    ['46,210.08', 46210.08],
    ['182,00 g/km', 182],
    ['6,9 l/100 km', 6.9],
    ['3.0', 3],
    ['0.995', 0.995],
    ['1 234,5', 1234.5],
  ])('%s -> %d', (input, expected) => expect(parseDecimal(input)).toBe(expected));
});

describe('parseEngineCc', () => {
  it.each([
    ['1.995 cm³', 1995],
    ['2 979 ccm', 2979],
    ['2\u202f979 ccm', 2979],
    ['1998 cm3', 1998],
    ['2,979 ccm', 2979],
    ['999 cc', 999],
    ['3.0', 3000],
    ['1,6 l', 1600],
    [1969, 1969],
  ])('%s -> %i', (input, expected) => expect(parseEngineCc(input)).toBe(expected));
  it.each([['- cm³'], ['0 cm³'], [''], [null]])('%s -> null', (input) => expect(parseEngineCc(input)).toBeNull());
});

describe('parsePower: kW and metric hp in any language; the missing one converted', () => {
  it.each([
    ['150 kW (204 PS)', 150, 204],
    ['210 kW (286 PS)', 210, 286],
    ['225 kW (306 hp)', 225, 306],
    ['225 kW (306 Ch DIN)', 225, 306],
    ['103 kW (140 PK)', 103, 140],
    ['110 kW (150 CV)', 110, 150],
    ['190 cv', Math.round(190 / 1.35962), 190],
    ['394 cv', 290, 394],
    ['150 KM', 110, 150],
    ['250 kW', 250, 340],
    ['340 PS', 250, 340],
    ['1.001 PS', 736, 1001],
    ['73,5 kW', 74, 100],
  ])('%s -> %i kW / %i hp', (input, kw, hp) => expect(parsePower(input)).toEqual({ kw, hp }));
  it.each([['150'], [''], ['- kW'], [150], [null]])('%s -> null (no unit, no number)', (input) =>
    expect(parsePower(input)).toBeNull(),
  );
});

describe('parsePrice: a decimal string with 2 places', () => {
  it.each([
    ['€ 24.500,-', '24500.00'],
    ['24,500 €', '24500.00'],
    ['24 500 EUR', '24500.00'],
    ['24\u202f500 €', '24500.00'],
    ['24.500,50 €', '24500.50'],
    ['24,500.5 €', '24500.50'],
    ['€ 65.455', '65455.00'],
    ['89 900 zł', '89900.00'],
    ["CHF 12'500.–", '12500.00'],
    ['52900', '52900.00'],
    [54990, '54990.00'],
    [46210.08, '46210.08'],
    ['0,99 €', '0.99'],
  ])('%s -> %s', (input, expected) => expect(parsePrice(input)).toBe(expected));
  it.each([['Preis auf Anfrage'], [''], [null], [Number.POSITIVE_INFINITY]])('%s -> null', (input) =>
    expect(parsePrice(input)).toBeNull(),
  );
});

describe('netFromGross', () => {
  it('divides by 1 + rate and rounds to the cent', () => {
    expect(netFromGross('52900.00', 23)).toBe('43008.13');
    expect(netFromGross('65455.00', 19)).toBe('55004.20');
    expect(netFromGross('41900.00', 22)).toBe('34344.26');
  });
  it('refuses an unusable rate', () => {
    expect(netFromGross('100.00', 0)).toBeNull();
    expect(netFromGross('100.00', Number.NaN)).toBeNull();
  });
});

describe('parseMonthYear: MM/YYYY', () => {
  it.each([
    ['03/2020', '03/2020'],
    ['3/2020', '03/2020'],
    ['2020-03-01', '03/2020'],
    ['2020-03', '03/2020'],
    ['2020-03-01T00:00:00Z', '03/2020'],
    ['03-2020', '03/2020'],
    ['03.2020', '03/2020'],
    ['15.03.2020', '03/2020'],
    ['EZ 08/2022', '08/2022'],
    ['Januar 2017', '01/2017'],
    ['März 2019', '03/2019'],
    ['Abril 2021', '04/2021'],
    ['septembre 2018', '09/2018'],
  ])('%s -> %s', (input, expected) => expect(parseMonthYear(input)).toBe(expected));
  it.each([['2020'], ['13/2020'], ['00/2020'], ['Neu'], [''], [null], [202003]])('%s -> null', (input) =>
    expect(parseMonthYear(input)).toBeNull(),
  );
});

describe('parseMonth and parseCo2', () => {
  it('reads month numbers and names', () => {
    expect(parseMonth('4')).toBe(4);
    expect(parseMonth(12)).toBe(12);
    expect(parseMonth('Abril')).toBe(4);
    expect(parseMonth('Oktober')).toBe(10);
    expect(parseMonth('13')).toBeNull();
    expect(parseMonth('x')).toBeNull();
  });
  it('reads g/km values and rejects placeholders', () => {
    expect(parseCo2('159 g/km')).toBe(159);
    expect(parseCo2('182,00 g/km (komb.)')).toBe(182);
    expect(parseCo2(0)).toBe(0);
    expect(parseCo2('- (g/km)')).toBeNull();
    expect(parseCo2('12.000 g/km')).toBeNull();
  });
});
