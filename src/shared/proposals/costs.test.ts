import { describe, expect, it } from 'vitest';
import {
  computeProposalCosts,
  defaultWltp,
  firstRegistrationDate,
  fromCents,
  hybridKind,
  toCents,
  type ProposalCostInput,
} from './costs.ts';

/** A 2021 BMW 320d (1995 cc, 119 g/km WLTP) declared on 2026-03-15: ages 4 started years -> 43% off. */
const bmw: ProposalCostInput = {
  vehicleFuelType: 'diesel',
  vehicleEngineSize: 1995,
  vehicleCo2Emissions: 119,
  vehicleFirstRegistration: '03/2021',
  vehicleMileage: 85714,
  vehiclePrice: '24500.00',
  transportCost: '2000.00',
  registrationFee: '340.00',
  wltpValue: true,
  hybridValue: false,
  pluginValue: false,
  taxDeclarationDate: '2026-03-15',
  registrationCountry: 'eu',
  dieselParticlesBelowLimit: false,
  electricRangeKm: null,
  euro6eBis: false,
};
const costs = (over: Partial<ProposalCostInput> = {}, today = '2026-11-21') =>
  computeProposalCosts({ ...bmw, ...over }, today);

describe('computeProposalCosts', () => {
  it('computes ISV by hand: (cylinder + environmental + particle surcharge) x (1 - age reduction), and the total', () => {
    // cylinder 1995 x 5.61 - 6194.88 = 4997.07; diesel WLTP 111-120: 119 x 18.96 - 1906.19 = 350.05; surcharge 500.
    // 2021-03-01 -> 2026-03-15: more than 5 up to 6 years -> 52% off: 5847.12 x 0.48 = 2806.6176 -> 2806.62.
    const c = costs();
    expect(c.tax?.breakdown).toMatchObject({
      cylinderComponent: 4997.07,
      environmentalComponent: 350.05,
      particleSurcharge: 500,
      ageReductionPercent: 52,
    });
    expect(c).toMatchObject({
      isvCost: '2806.62',
      ivaCost: '0.00',
      totalCost: '29646.62',
      missing: [],
      declarationDate: '2026-03-15',
    });
  });

  it('charges IVA on (price + ISV) for a car with at most 6000 km, and adds it to the total', () => {
    const c = costs({ vehicleMileage: 5000 });
    // 23% of 24500.00 + 2806.62 = 6280.5226 -> 6280.52
    expect(c).toMatchObject({ isvCost: '2806.62', ivaCost: '6280.52', totalCost: '35927.14' });
  });

  it('uses the NEDC tables when the WLTP switch is off, and today when no declaration date is set', () => {
    const c = costs({ wltpValue: false, taxDeclarationDate: null }, '2026-11-21');
    expect(c.tax?.breakdown.co2Cycle).toBe('nedc');
    expect(c.declarationDate).toBe('2026-11-21');
  });

  it('electric cars pay no ISV and need neither engine size nor CO2', () => {
    expect(costs({ vehicleFuelType: 'electric', vehicleEngineSize: null, vehicleCo2Emissions: null })).toMatchObject({
      isvCost: '0.00',
      totalCost: '26840.00',
      missing: [],
    });
  });

  it('says what is missing instead of inventing a tax', () => {
    expect(costs({ vehicleFuelType: null, vehicleCo2Emissions: null })).toMatchObject({
      isvCost: null,
      totalCost: null,
      missing: ['Fuel type', 'CO2 emissions (g/km)'],
    });
    expect(costs({ vehicleFuelType: 'other' }).missing[0]).toMatch(/fuel with tax tables/);
    expect(costs({ vehicleFirstRegistration: '13/2020' }).missing).toEqual(['First registration as MM/YYYY']);
    expect(costs({ vehicleFirstRegistration: '12/2026' }).missing).toEqual([
      'A first registration before the declaration date',
    ]);
    expect(costs({ taxDeclarationDate: '2020-01-01' }).missing[0]).toMatch(/^A declaration date on or after/);
  });

  it('computes ISV without a price but no total', () => {
    expect(costs({ vehiclePrice: null })).toMatchObject({
      isvCost: '2806.62',
      totalCost: null,
      missing: ['Vehicle price'],
    });
  });

  it('applies the plug-in rate only under the law conditions', () => {
    const phev = {
      vehicleFuelType: 'petrol_hybrid' as const,
      vehicleEngineSize: 1998,
      vehicleCo2Emissions: 35,
      pluginValue: true,
      dieselParticlesBelowLimit: true,
    };
    expect(costs({ ...phev, electricRangeKm: 60 }).tax?.breakdown.intermediateRatePercent).toBe(25);
    expect(costs({ ...phev, electricRangeKm: 20 }).tax?.breakdown.intermediateRatePercent).toBe(100);
  });
});

describe('helpers', () => {
  it('reads MM/YYYY as the first day of the month', () => {
    expect(firstRegistrationDate('03/2021')).toBe('2021-03-01');
    expect(firstRegistrationDate(' 12/1999 ')).toBe('1999-12-01');
    for (const bad of ['3/2021', '2021-03', '00/2020', '', null]) expect(firstRegistrationDate(bad)).toBeNull();
  });

  it('switches WLTP on from September 2018', () => {
    expect(defaultWltp('08/2018')).toBe(false);
    expect(defaultWltp('09/2018')).toBe(true);
    expect(defaultWltp(null)).toBe(true);
  });

  it('maps fuel and switches to the engine hybrid kind', () => {
    expect(hybridKind({ vehicleFuelType: 'petrol_hybrid', hybridValue: true, pluginValue: false })).toBe('hybrid');
    expect(hybridKind({ vehicleFuelType: 'plugin_hybrid', hybridValue: false, pluginValue: false })).toBe('plugin');
    expect(hybridKind({ vehicleFuelType: 'electric', hybridValue: true, pluginValue: true })).toBe('none');
  });

  it('converts money exactly', () => {
    expect(toCents('24500.5')).toBe(2450050);
    expect(toCents('0.29')).toBe(29);
    expect(toCents('')).toBeNull();
    expect(fromCents(2450050)).toBe('24500.50');
    expect(fromCents(-5)).toBe('-0.05');
  });
});
