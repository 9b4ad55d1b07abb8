import { calculateTax } from '#shared/tax/calculate.ts';
import { EARLIEST_TABLE_DATE } from '#shared/tax/table-sets.ts';
import type { Fuel } from './cars.ts';

/**
 * ISV and IVA figures for demo proposals and imports, from the product's own tax engine
 * (src/shared/tax). Demo dates older than the first table set are declared on its first day.
 */
export const IVA_RATE = 0.23;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Fractional years between two dates (enough precision for a demo estimate). */
export function yearsBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / (365.25 * 24 * 3600 * 1000);
}

export interface IsvInput {
  fuel: Fuel;
  engineCc: number | null;
  co2: number;
  /** CO2 measured under WLTP (first registrations from September 2018) rather than NEDC. */
  wltp: boolean;
  electricRangeKm: number | null;
  firstRegistration: Date;
  declarationDate: Date;
}

export function estimateIsvCents(input: IsvInput): number {
  if (input.fuel === 'electric' || input.engineCc === null) return 0;
  const declared = ymd(input.declarationDate);
  const declarationDate = declared < EARLIEST_TABLE_DATE ? EARLIEST_TABLE_DATE : declared;
  const registered = ymd(input.firstRegistration);
  const result = calculateTax({
    fuel:
      input.fuel === 'diesel' || input.fuel === 'diesel_hybrid' ? 'diesel' : input.fuel === 'lpg' ? 'lpg' : 'petrol',
    engineCc: input.engineCc,
    co2: input.co2,
    co2Cycle: input.wltp ? 'wltp' : 'nedc',
    firstRegistration: registered < declarationDate ? registered : declarationDate,
    declarationDate,
    registrationCountry: 'eu',
    hybrid:
      input.fuel === 'plugin_hybrid'
        ? 'plugin'
        : input.fuel === 'petrol_hybrid' || input.fuel === 'diesel_hybrid'
          ? 'hybrid'
          : 'none',
    electricRangeKm: input.electricRangeKm ?? 0,
    euro6eBis: false,
    dieselParticlesBelowLimit: false,
  });
  return Math.round(result.isv * 100);
}

/** IVA is due only on a "new" means of transport: at most 6 months old or at most 6000 km. */
export function estimateIvaCents(priceCents: number, isvCents: number, mileageKm: number, ageYears: number): number {
  const isNew = mileageKm <= 6000 || ageYears <= 0.5;
  return isNew ? Math.round((priceCents + isvCents) * IVA_RATE) : 0;
}
