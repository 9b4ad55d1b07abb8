import { describe, expect, it } from 'vitest';
import type { FuelType } from '#shared/vocabulary.ts';
import { asPlugin, fuelFromAutoscoutCode, fuelFromMobileCode, fuelFromText } from './fuel.ts';

const f = (fuel: FuelType | null, hybrid = false, plugin = false) => ({ fuel, hybrid, plugin });

describe('fuelFromText: labels of every marketplace language', () => {
  it.each([
    ['Benzin', f('petrol')],
    ['Diesel', f('diesel')],
    ['Elektro', f('electric')],
    ['Hybrid (Benzin/Elektro)', f('petrol_hybrid', true)],
    ['Hybrid (Diesel/Elektro)', f('diesel_hybrid', true)],
    ['Autogas (LPG)', f('lpg')],
    ['Erdgas (CNG)', f('other')],
    ['Gasolina', f('petrol')],
    ['Eléctrico', f('electric')],
    ['GPL', f('lpg')],
    ['GNC', f('other')],
    ['Híbrido (Gasolina)', f('petrol_hybrid', true)],
    ['Híbrido (Diesel)', f('diesel_hybrid', true)],
    ['Híbrido Plug-In', f('plugin_hybrid', true, true)],
    ['plugin-hybrid', f('plugin_hybrid', true, true)],
    ['hibride-gaz', f('petrol_hybrid', true)],
    ['hibride-diesel', f('diesel_hybrid', true)],
    ['gaz', f('petrol')],
    ['Elektro/Benzin', f('petrol_hybrid', true)],
    ['Elettrica/Diesel', f('diesel_hybrid', true)],
    ['Essence', f('petrol')],
    ['Benzine', f('petrol')],
    ['Super E10 95', f('petrol')],
    ['Benzyna', f('petrol')],
    ['Benzyna+LPG', f('lpg')],
    ['Hybryda Plug-in', f('plugin_hybrid', true, true)],
    ['Motorina', f('diesel')],
    ['Wasserstoff', f('other')],
    ['Plug-in-Hybrid Benzin', f('petrol_hybrid', true, true)],
    ['Hybrid', f(null, true)],
    ['Sonstige', f('other')],
  ])('%s', (label, expected) => expect(fuelFromText(label)).toEqual(expected));

  it.each([[''], ['  '], [null], [42], ['$undefined']])('%s -> null', (label) =>
    expect(fuelFromText(label)).toBeNull(),
  );
});

describe('codes', () => {
  it('maps AutoScout24 fuelCategory.raw', () => {
    expect(fuelFromAutoscoutCode('B')).toEqual(f('petrol'));
    expect(fuelFromAutoscoutCode('D')).toEqual(f('diesel'));
    expect(fuelFromAutoscoutCode('E')).toEqual(f('electric'));
    expect(fuelFromAutoscoutCode('2')).toEqual(f('petrol_hybrid', true));
    expect(fuelFromAutoscoutCode(3)).toEqual(f('diesel_hybrid', true));
    expect(fuelFromAutoscoutCode('L')).toEqual(f('lpg'));
    expect(fuelFromAutoscoutCode('C')).toEqual(f('other'));
    expect(fuelFromAutoscoutCode('Z')).toBeNull();
  });
  it('maps mobile.de legacy codes', () => {
    expect(fuelFromMobileCode('PETROL')).toEqual(f('petrol'));
    expect(fuelFromMobileCode('ELECTRICITY')).toEqual(f('electric'));
    expect(fuelFromMobileCode('HYBRID')).toEqual(f('petrol_hybrid', true));
    expect(fuelFromMobileCode('HYBRID_DIESEL')).toEqual(f('diesel_hybrid', true));
    expect(fuelFromMobileCode('CNG')).toEqual(f('other'));
    expect(fuelFromMobileCode('Diesel')).toBeNull();
  });
  it('asPlugin turns a combustion fuel into its plug-in hybrid', () => {
    expect(asPlugin(f('diesel'))).toEqual(f('diesel_hybrid', true, true));
    expect(asPlugin(f('petrol_hybrid', true))).toEqual(f('petrol_hybrid', true, true));
    expect(asPlugin(null)).toEqual(f('plugin_hybrid', true, true));
    expect(asPlugin(f('electric'))).toEqual(f('electric'));
  });
});
